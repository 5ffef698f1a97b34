/** Signup's form logic: the referral setting and check, whether the form may be sent, and the send. */
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { UI } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { signupSchema } from '../../../common/schemas/account';
import { api } from '../../api/client';
import { signupErrorMessage } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { isValid } from '../../hooks/yupRule';
import { useRedirectTarget } from '../../hooks/useRedirectTarget';
import type { PendingSignup } from '../verify-otp/pendingSignup';
import { useReferralCheck } from './useReferralCheck';

export interface SignupValues {
  username?: string;
  contactNo?: string;
  email?: string;
  password?: string;
  referralId?: string;
}

type SignupForm = FormInstance<SignupValues>;

/** Whether the server makes the referral ID mandatory, and the form's schema under that rule. */
function useReferralSetting(form: SignupForm) {
  const message = useMessage();
  const setting = useQuery({
    queryKey: ['referralMandatory'],
    queryFn: () => api.account.referralMandatory(),
    retry: false,
    staleTime: 0,
  });
  useEffect(() => {
    if (setting.isError) message.error(UI.referralSettingsError);
  }, [setting.isError, message]);
  // Without the setting the server still enforces it; the form treats the ID as optional.
  const mandatory = setting.data?.mandatory === true;
  const schema = useMemo(() => signupSchema(mandatory), [mandatory]);
  // The setting can arrive after the member typed: re-check the field under the new rule.
  useEffect(() => {
    if (form.isFieldTouched('referralId')) void form.validateFields(['referralId']).catch(() => undefined);
  }, [schema, form]);
  return { mandatory, schema, loading: setting.isPending };
}

/** The sign up as sent: trimmed, the e-mail in lower case, no referral ID as null. */
function toPendingSignup(raw: SignupValues, referralId: string): PendingSignup {
  return {
    username: (raw.username ?? '').trim(),
    contactNo: (raw.contactNo ?? '').trim(),
    email: (raw.email ?? '').trim().toLowerCase(),
    password: raw.password ?? '',
    referralId: referralId === '' ? null : referralId,
  };
}

/** Sends the sign up (the server e-mails the OTP), then opens OTP verification; busy until it fails. */
function useSendSignup(carry: string) {
  const [busy, setBusy] = useState(false);
  const message = useMessage();
  const navigate = useNavigate();
  const send = async (pending: PendingSignup) => {
    setBusy(true);
    try {
      await api.account.signup(pending);
      message.success(UI.otpSent);
      // Router state, not the URL: the password must not end up in history or logs.
      navigate(`${ROUTES.verifyOtp}${carry}`, { state: pending });
    } catch (error) {
      message.error(signupErrorMessage(error));
      setBusy(false);
    }
  };
  return { busy, send };
}

export function useSignupForm(form: SignupForm) {
  const values = Form.useWatch([], form) as SignupValues | undefined;
  const { carry } = useRedirectTarget();
  const { mandatory, schema, loading } = useReferralSetting(form);
  const referralId = (values?.referralId ?? '').trim();
  const referral = useReferralCheck(values?.referralId);
  const { busy, send } = useSendSignup(carry);
  // A typed referral ID must be confirmed by the check; a mandatory one must be present too.
  const referralBlocks = referralId !== '' || mandatory ? referral.state !== 'valid' : false;
  return {
    carry,
    mandatory,
    schema,
    referral,
    busy,
    canSubmit: !loading && !busy && isValid(schema, values) && !referralBlocks,
    onFinish: (raw: SignupValues) => send(toPendingSignup(raw, referralId)),
  };
}
