/** The member's deposit address as a QR code and as text with a copy button, and the time left. */
import { Space, Typography } from 'antd';
import type { DepositQrCode } from '../../../common/api/billing';
import { ACCOUNT_LABELS, UI } from '../../../common/messages';
import { CopyButton } from '../../components/billing/CopyButton';
import { formatCountdown } from '../../../common/format';

/** The server sends a PNG data URL; a bare base64 body is accepted too. */
export const qrSource = (base64: string) => (base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`);

export function DepositAddress({ qrCode, secondsLeft }: { qrCode: DepositQrCode; secondsLeft: number }) {
  return (
    <section aria-label={ACCOUNT_LABELS.depositAddress}>
      <Space orientation="vertical" size="small">
        <img src={qrSource(qrCode.base64)} alt={ACCOUNT_LABELS.depositQrAlt} width={200} height={200} />
        <Typography.Text type="secondary">{ACCOUNT_LABELS.depositAddress}</Typography.Text>
        <Space wrap>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {qrCode.value}
          </Typography.Text>
          <CopyButton text={qrCode.value} done={UI.addressCopied} label={ACCOUNT_LABELS.copyAddress} />
        </Space>
        <Typography.Text strong role="timer">
          {ACCOUNT_LABELS.timeLeft(formatCountdown(secondsLeft))}
        </Typography.Text>
      </Space>
    </section>
  );
}
