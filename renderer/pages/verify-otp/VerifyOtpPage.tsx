/** OTP verification (SPEC sections 2, 4): digits only, submits itself at 6, 30-second resend. */
import { Button, Form, Input, Result } from 'antd';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../common/constants';
import { LABELS, UI } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { otpSchema } from '../../../common/schemas/account';
import { accountApi } from '../../api/account';
import { otpErrorMessage } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { useSession } from '../../app/session';
import { AuthShell } from '../../components/AuthShell';
import { useCountdown } from '../../hooks/useCountdown';
import { yupRule } from '../../hooks/yupRule';
import { useRedirectTarget } from '../../hooks/useRedirectTarget';
import { readPendingSignup, type PendingSignup } from './pendingSignup';

export function digitsOnly(value: unknown): string {
  return String(value ?? '')
    .replace(/\D/g, '')
    .slice(0, OTP_LENGTH);
}

export default function VerifyOtpPage() {
  const location = useLocation();
  const pending = readPendingSignup(location.state);
  const { carry } = useRedirectTarget();
  if (!pending) {
    return (
      <AuthShell title="Verify your e-mail">
        <Result
          status="info"
          title={LABELS.noPendingSignup}
          extra={<Link to={`${ROUTES.signup}${carry}`}>{LABELS.backToSignup}</Link>}
        />
      </AuthShell>
    );
  }
  return <VerifyOtpForm pending={pending} />;
}

function VerifyOtpForm({ pending }: { pending: PendingSignup }) {
  const [form] = Form.useForm<{ otp: string }>();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // A ref, not state: the auto-submit and a click can race within one render.
  const submitting = useRef(false);
  const message = useMessage();
  const { setSession } = useSession();
  const navigate = useNavigate();
  const { target } = useRedirectTarget();
  const countdown = useCountdown(OTP_RESEND_SECONDS);

  const onFinish = async ({ otp }: { otp: string }) => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      const session = await accountApi.verifyOtp({ ...pending, otp });
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

  const resend = async () => {
    setResending(true);
    try {
      await accountApi.resendOtp(pending.email, pending.username || undefined);
      message.success(UI.otpResent);
      countdown.restart();
    } catch {
      message.error(UI.otpResendFailed);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthShell title="Verify your e-mail" subtitle={LABELS.otpSentTo(pending.email)}>
      <Form
        form={form}
        name="verifyOtp"
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={(changed: { otp?: string }) => {
          // Not form.submit(): the change's own validation would mark that submit out of date.
          // Six normalized characters are six digits, so the OTP is valid by construction.
          if (changed.otp?.length === OTP_LENGTH) void onFinish({ otp: changed.otp });
        }}
      >
        <Form.Item label={LABELS.otp} name="otp" normalize={digitsOnly} rules={[yupRule(otpSchema, 'otp')]}>
          <Input inputMode="numeric" autoComplete="one-time-code" className="otp-input" autoFocus disabled={busy} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={busy}>
          {busy ? LABELS.verifying : LABELS.verifyOtp}
        </Button>
        <Button block type="link" className="resend-button" disabled={countdown.left > 0 || resending} onClick={resend}>
          {countdown.left > 0 ? LABELS.resendOtpIn(countdown.left) : LABELS.resendOtp}
        </Button>
      </Form>
    </AuthShell>
  );
}
