/** Signup (SPEC sections 2, 4, 5, 8): validates on change, checks the referral ID, sends an OTP. */
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LABELS, TEXT, UI } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { signupSchema } from '../../../common/schemas/account';
import { accountApi } from '../../api/account';
import { signupErrorMessage } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { AuthShell } from '../../components/AuthShell';
import { isValid, yupRule } from '../../hooks/yupRule';
import { useRedirectTarget } from '../../hooks/useRedirectTarget';
import type { PendingSignup } from '../verify-otp/pendingSignup';
import { ReferralStatusLine } from './ReferralStatusLine';
import { useReferralCheck } from './useReferralCheck';

interface SignupValues {
  username?: string;
  contactNo?: string;
  email?: string;
  password?: string;
  referralId?: string;
}

export default function SignupPage() {
  const [form] = Form.useForm<SignupValues>();
  const values = Form.useWatch([], form) as SignupValues | undefined;
  const [busy, setBusy] = useState(false);
  const message = useMessage();
  const navigate = useNavigate();
  const { carry } = useRedirectTarget();

  const setting = useQuery({
    queryKey: ['referralMandatory'],
    queryFn: accountApi.referralMandatory,
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

  const referralId = (values?.referralId ?? '').trim();
  const referral = useReferralCheck(values?.referralId);
  // A typed referral ID must be confirmed by the check; a mandatory one must be present too.
  const referralBlocks = referralId !== '' || mandatory ? referral.state !== 'valid' : false;
  const canSubmit = !setting.isPending && !busy && isValid(schema, values) && !referralBlocks;

  const onFinish = async (raw: SignupValues) => {
    const pending: PendingSignup = {
      username: (raw.username ?? '').trim(),
      contactNo: (raw.contactNo ?? '').trim(),
      email: (raw.email ?? '').trim().toLowerCase(),
      password: raw.password ?? '',
      referralId: referralId === '' ? null : referralId,
    };
    setBusy(true);
    try {
      await accountApi.signup(pending);
      message.success(UI.otpSent);
      // Router state, not the URL: the password must not end up in history or logs.
      navigate(`${ROUTES.verifyOtp}${carry}`, { state: pending });
    } catch (error) {
      message.error(signupErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Create your account" subtitle="We will e-mail you a code to confirm it.">
      <Form form={form} name="signup" layout="vertical" onFinish={onFinish} disabled={busy}>
        <Form.Item label={LABELS.username} name="username" rules={[yupRule(schema, 'username')]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label={LABELS.contactNo} name="contactNo" rules={[yupRule(schema, 'contactNo')]}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item label={LABELS.email} name="email" rules={[yupRule(schema, 'email')]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label={LABELS.password} name="password" rules={[yupRule(schema, 'password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={LABELS.referralId}
          name="referralId"
          required={mandatory}
          rules={[yupRule(schema, 'referralId')]}
          extra={<ReferralStatusLine status={referral} mandatory={mandatory} />}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={!canSubmit}>
          {busy ? TEXT.sendingOtp : LABELS.signUp}
        </Button>
      </Form>
      <Typography.Paragraph className="auth-footer">
        {LABELS.haveAccount} <Link to={`${ROUTES.login}${carry}`}>{LABELS.signInLink}</Link>
      </Typography.Paragraph>
    </AuthShell>
  );
}
