/**
 * Deposit (SPEC sections 2 and 4): the USDT, IFT and IFX balances, 'make payment' (opens a
 * listening window and shows the deposit address as a QR code and text with a mm:ss countdown
 * that survives reloads), 'sync status' and the paginated deposit history. A server without a
 * chain says so instead of failing.
 */
import { Alert, Card, Col, Row, Space, Typography } from 'antd';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { Figure } from '../../components/billing/Figure';
import { formatUsdtOrZero } from '../../../common/format';
import { useUserData } from '../../components/billing/useBillingData';
import { DepositActions } from './DepositActions';
import { DepositAddress } from './DepositAddress';
import { DepositHistory } from './DepositHistory';
import { useDepositWindow } from './useDepositWindow';

export default function DepositPage() {
  const { userData, loading } = useUserData();
  const deposit = useDepositWindow();
  const chainOff = userData?.chainEnabled === false;
  const balances = [
    [ACCOUNT_LABELS.usdtBalance, userData?.usdtToken, 'USDT'],
    [ACCOUNT_LABELS.iftBalance, userData?.iftToken, 'IFT'],
    [ACCOUNT_LABELS.ifxBalance, userData?.ifxToken, 'IFX'],
  ] as const;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle title={SCREEN_TITLES.deposit} />
      <Row gutter={[16, 16]}>
        {balances.map(([title, value, unit]) => (
          <Col key={title} xs={24} md={8}>
            <Figure title={title} value={formatUsdtOrZero(value)} extra={unit} loading={loading} />
          </Col>
        ))}
      </Row>
      <Card>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{ACCOUNT_LABELS.bep20Note}</Typography.Text>
          {chainOff && <Alert type="warning" showIcon title={ACCOUNT_LABELS.chainUnavailable} />}
          <DepositActions
            disabled={chainOff}
            listening={deposit.secondsLeft > 0}
            onListen={deposit.listen}
            listenBusy={deposit.listenBusy}
          />
          {deposit.secondsLeft > 0 && userData?.qrCode && (
            <DepositAddress qrCode={userData.qrCode} secondsLeft={deposit.secondsLeft} />
          )}
        </Space>
      </Card>
      <Card title={ACCOUNT_LABELS.depositHistory}>
        <DepositHistory />
      </Card>
    </Space>
  );
}
