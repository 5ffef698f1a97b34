/** Expiry date, status (Pending / Active / In-Active), validity and the expiry note. */
import { Alert, Col, Row, Tag } from 'antd';
import type { WalletUserData } from '../../../common/api/billing';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { Figure } from '../../components/billing/Figure';
import { formatDate } from '../../../common/format';
import { subscriptionStatus } from '../../components/billing/subscription';

const STATUS_COLORS: Record<string, string | undefined> = {
  [ACCOUNT_LABELS.statusActive]: 'green',
  [ACCOUNT_LABELS.statusInactive]: 'red',
  [ACCOUNT_LABELS.statusPending]: 'gold',
};

interface Props {
  userData: WalletUserData | null;
  loading: boolean;
}

export function SubscriptionSummary({ userData, loading }: Props) {
  const subscription = userData?.subscription;
  const status = subscriptionStatus(userData?.isActiveSubscription);
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Figure title={ACCOUNT_LABELS.expiryDate} value={formatDate(subscription?.expireDate)} loading={loading} />
        </Col>
        <Col xs={24} md={8}>
          <Figure title={ACCOUNT_LABELS.status} value={<Tag color={STATUS_COLORS[status]}>{status}</Tag>} loading={loading} />
        </Col>
        <Col xs={24} md={8}>
          <Figure title={ACCOUNT_LABELS.validity} value={subscription?.validityLabel || '-'} loading={loading} />
        </Col>
      </Row>
      {subscription?.note && <Alert type={subscription.isExpire ? 'warning' : 'info'} showIcon title={subscription.note} />}
    </>
  );
}
