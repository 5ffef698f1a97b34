/** Login (SPEC section 2): email, password with show/hide, 'Loging in...' while busy. */
import { Button, Form } from 'antd';
// Input and Password from their own modules: antd's input index also brings OTP, Search and
// TextArea, which the first screen the app loads has no use for.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
// Its area's messages from their own files: the first screen does not carry every screen's.
import { MEMBER_LABELS } from '../../../common/messages/members';
import { TEXT } from '../../../common/messages/shared';
import { ROUTES } from '../../../common/routes';
import type { LoginForm } from '../../../common/schemas/account';
import { api } from '../../api/client';
import { loginErrorMessage } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { useSession } from '../../app/session';
import { AuthShell, useAuthFrameStyles } from '../../components/AuthShell';
import { yupRule } from '../../hooks/yupRule';
import { useRedirectTarget } from '../../hooks/useRedirectTarget';

// The rules load with their first use, not with the screen (why: hooks/yupRule.tsx).
const loginSchema = () => import('../../../common/schemas/account').then((m) => m.loginSchema);

export default function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const [busy, setBusy] = useState(false);
  const message = useMessage();
  const { setSession } = useSession();
  const navigate = useNavigate();
  const { target, carry } = useRedirectTarget();
  const styles = useAuthFrameStyles();

  const onFinish = async (values: LoginForm) => {
    setBusy(true);
    try {
      const session = await api.session.login({ email: values.email.trim(), password: values.password });
      setSession(session);
      navigate(target, { replace: true });
    } catch (error) {
      message.error(loginErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Log in to GridDesk" subtitle="Run your grid bots and cycles from one desk.">
      <Form form={form} name="login" layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy}>
        <Form.Item label={MEMBER_LABELS.email} name="email" rules={[yupRule(loginSchema, 'email')]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item label={MEMBER_LABELS.password} name="password" rules={[yupRule(loginSchema, 'password')]}>
          <Password autoComplete="current-password" />
        </Form.Item>
        <div className="auth-row-end">
          <Link to={ROUTES.forgotPassword}>{TEXT.forgotPasswordLink}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" disabled={busy}>
          {busy ? TEXT.loggingIn : MEMBER_LABELS.logIn}
        </Button>
      </Form>
      <div className="auth-footer" style={styles.paragraph}>
        {MEMBER_LABELS.noAccount} <Link to={`${ROUTES.signup}${carry}`}>{MEMBER_LABELS.signUpLink}</Link>
      </div>
    </AuthShell>
  );
}
