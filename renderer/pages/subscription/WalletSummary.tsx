/** The USDT balance and the IFC wallet with its dollar value, and the Deposit and Withdraw links. */
import { Col, Row, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { WalletUserData } from '../../../common/api/billing';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { Figure } from '../../components/billing/Figure';
import { formatUsdtOrZero } from '../../../common/format';
import { ifcDollars } from '../../components/billing/subscription';

interface Props {
  userData: WalletUserData | null;
  loading: boolean;
}

export function WalletSummary({ userData, loading }: Props) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Figure
          title={ACCOUNT_LABELS.usdtBalance}
          value={formatUsdtOrZero(userData?.usdtToken)}
          extra="USDT"
          loading={loading}
          footer={
            <Space>
              <Link to={ROUTES.deposit}>{ACCOUNT_LABELS.deposit}</Link>
              <Link to={ROUTES.withdraw}>{ACCOUNT_LABELS.withdraw}</Link>
            </Space>
          }
        />
      </Col>
      <Col xs={24} md={12}>
        <Figure
          title={ACCOUNT_LABELS.ifcWallet}
          value={formatUsdtOrZero(userData?.ifcNewToken)}
          extra="IFC"
          loading={loading}
          footer={
            <Typography.Text type="secondary">
              {ACCOUNT_LABELS.ifcValue(userData ? ifcDollars(userData) : formatUsdtOrZero(null))}
            </Typography.Text>
          }
        />
      </Col>
    </Row>
  );
}
