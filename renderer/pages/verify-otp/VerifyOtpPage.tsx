/** OTP verification (SPEC sections 2, 4): digits only, submits itself at 6, 30-second resend. */
import { Button, Form, Input, Result } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { OTP_LENGTH } from '../../../common/constants';
import { LABELS } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { otpSchema } from '../../../common/schemas/account';
import { AuthShell } from '../../components/AuthShell';
import { yupRule } from '../../hooks/yupRule';
import { useRedirectTarget } from '../../hooks/useRedirectTarget';
import { readPendingSignup, type PendingSignup } from './pendingSignup';
import { useOtpResend, useOtpSubmit } from './useVerifyOtp';

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
  const { busy, onFinish } = useOtpSubmit(pending);
  const { resending, secondsLeft, resend } = useOtpResend(pending);

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
        <Button block type="link" className="resend-button" disabled={secondsLeft > 0 || resending} onClick={resend}>
          {secondsLeft > 0 ? LABELS.resendOtpIn(secondsLeft) : LABELS.resendOtp}
        </Button>
      </Form>
    </AuthShell>
  );
}
