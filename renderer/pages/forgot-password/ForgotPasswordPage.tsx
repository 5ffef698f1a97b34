/** Forgot password (SPEC sections 2, 5, 8): e-mails a reset link. */
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LABELS, UI } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { forgotPasswordSchema } from '../../../common/schemas/account';
import { api } from '../../api/client';
import { forgotPasswordErrorMessage } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { AuthShell } from '../../components/AuthShell';
import { yupRule } from '../../hooks/yupRule';

export default function ForgotPasswordPage() {
  const [form] = Form.useForm<{ email: string }>();
  const [busy, setBusy] = useState(false);
  const message = useMessage();

  const onFinish = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      await api.account.forgotPassword({ email: email.trim().toLowerCase() });
      message.success(UI.resetLinkSent);
      form.resetFields();
    } catch (error) {
      message.error(forgotPasswordErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Forgot your password?" subtitle="Enter your e-mail and we will send you a reset link.">
      <Form form={form} name="forgotPassword" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label={LABELS.email} name="email" rules={[yupRule(forgotPasswordSchema, 'email')]}>
          <Input type="email" autoComplete="email" autoFocus disabled={busy} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={busy}>
          {busy ? LABELS.sendingResetLink : LABELS.sendResetLink}
        </Button>
      </Form>
      <Typography.Paragraph className="auth-footer">
        <Link to={ROUTES.login}>{LABELS.backToSignIn}</Link>
      </Typography.Paragraph>
    </AuthShell>
  );
}
