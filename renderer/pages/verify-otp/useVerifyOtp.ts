/** OTP verification's two actions: send the code with the pending sign up, and ask for a new code. */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { OTP_RESEND_SECONDS } from '../../../common/constants';
import { UI } from '../../../common/messages';
import { api } from '../../api/client';
import { otpErrorMessage } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { useSession } from '../../app/session';
import { useCountdown } from '../../hooks/useCountdown';
import { useRedirectTarget } from '../../hooks/useRedirectTarget';
import type { PendingSignup } from './pendingSignup';

/** Verifies the code; on success the session starts and the member goes where they were headed. */
export function useOtpSubmit(pending: PendingSignup) {
  const [busy, setBusy] = useState(false);
  // A ref, not state: the auto-submit and a click can race within one render.
  const submitting = useRef(false);
  const message = useMessage();
  const { setSession } = useSession();
  const navigate = useNavigate();
  const { target } = useRedirectTarget();

  const onFinish = async ({ otp }: { otp: string }) => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      const session = await api.account.verifyOtp({ ...pending, otp });
      message.success(UI.otpVerified);
      setSession(session);
      navigate(target, { replace: true });
    } catch (error) {
      message.error(otpErrorMessage(error));
      setBusy(false);
    } finally {
      submitting.current = false;
    }
  };

  return { busy, onFinish };
}

/** Sends a new code, then counts 30 seconds down before the next may be asked for. */
export function useOtpResend(pending: PendingSignup) {
  const [resending, setResending] = useState(false);
  const message = useMessage();
  const countdown = useCountdown(OTP_RESEND_SECONDS);

  const resend = async () => {
    setResending(true);
    try {
      const { email, username } = pending;
      // An empty username is left out, not sent as ''.
      await api.account.resendOtp(username ? { email, username } : { email });
      message.success(UI.otpResent);
      countdown.restart();
    } catch {
      message.error(UI.otpResendFailed);
    } finally {
      setResending(false);
    }
  };

  return { resending, secondsLeft: countdown.left, resend };
}
