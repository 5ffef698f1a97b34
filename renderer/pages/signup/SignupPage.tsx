/** Signup (SPEC sections 2, 4, 5, 8): validates on change, checks the referral ID, sends an OTP. */
import { Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { LABELS, TEXT } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { AuthShell } from '../../components/AuthShell';
import { yupRule } from '../../hooks/yupRule';
import { ReferralStatusLine } from './ReferralStatusLine';
import { useSignupForm, type SignupValues } from './useSignupForm';

export default function SignupPage() {
  const [form] = Form.useForm<SignupValues>();
  const { carry, mandatory, schema, referral, busy, canSubmit, onFinish } = useSignupForm(form);
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
