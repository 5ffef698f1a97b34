/** Reset password (SPEC sections 2, 5, 8): new password twice, then back to login. */
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LABELS, UI } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { resetPasswordFormSchema } from '../../../common/schemas/account';
import { api } from '../../api/client';
import { resetPasswordErrorMessage } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { AuthShell } from '../../components/AuthShell';
import { yupRule } from '../../hooks/yupRule';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [form] = Form.useForm<ResetValues>();
  const [busy, setBusy] = useState(false);
  const message = useMessage();
  const navigate = useNavigate();

  const onFinish = async ({ password }: ResetValues) => {
    setBusy(true);
    try {
      await api.account.resetPassword({ token, password });
      message.success(UI.passwordReset);
      navigate(ROUTES.login, { replace: true });
    } catch (error) {
      message.error(resetPasswordErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Choose a new password">
      <Form form={form} name="resetPassword" layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy}>
        <Form.Item label={LABELS.newPassword} name="password" rules={[yupRule(resetPasswordFormSchema, 'password')]}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label={LABELS.confirmPassword}
          name="confirmPassword"
          dependencies={['password']}
          rules={[yupRule(resetPasswordFormSchema, 'confirmPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={busy}>
          {busy ? LABELS.resetting : LABELS.resetPassword}
        </Button>
      </Form>
      <Typography.Paragraph className="auth-footer">
        <Link to={ROUTES.login}>{LABELS.backToSignIn}</Link>
      </Typography.Paragraph>
    </AuthShell>
  );
}
