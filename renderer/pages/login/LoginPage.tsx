/** Login (SPEC section 2): email, password with show/hide, 'Loging in...' while busy. */
import { App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LABELS, TEXT } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { loginSchema, type LoginForm } from '../../../common/schemas/account';
import { accountApi } from '../../api/account';
import { loginErrorMessage } from '../../api/errors';
import { useSession } from '../../app/session';
import { AuthShell } from '../../components/AuthShell';
import { yupRule } from '../../hooks/yupRule';
import { useRedirectTarget } from '../../hooks/useRedirectTarget';

export default function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const { setSession } = useSession();
  const navigate = useNavigate();
  const { target, carry } = useRedirectTarget();

  const onFinish = async (values: LoginForm) => {
    setBusy(true);
    try {
      const session = await accountApi.login(values.email.trim(), values.password);
      setSession(session);
      navigate(target, { replace: true });
    } catch (error) {
      message.error(loginErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Log in to GridDesk" subtitle="Run your grid bots and cycles from one desk.">
      <Form
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={busy}
      >
        <Form.Item label={LABELS.email} name="email" rules={[yupRule(loginSchema, 'email')]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item label={LABELS.password} name="password" rules={[yupRule(loginSchema, 'password')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div className="auth-row-end">
          <Link to={ROUTES.forgotPassword}>{TEXT.forgotPasswordLink}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" disabled={busy}>
          {busy ? TEXT.loggingIn : LABELS.logIn}
        </Button>
      </Form>
      <Typography.Paragraph className="auth-footer">
        {LABELS.noAccount} <Link to={`${ROUTES.signup}${carry}`}>{LABELS.signUpLink}</Link>
      </Typography.Paragraph>
    </AuthShell>
  );
}
