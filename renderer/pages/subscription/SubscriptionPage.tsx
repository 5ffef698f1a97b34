/**
 * Subscription (SPEC section 2): expiry, status, validity and note of the member's subscription,
 * the USDT and IFC balances with Deposit and Withdraw links, the plans on offer with Subscribe,
 * and the paginated purchase history.
 */
import { Card, Space } from 'antd';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { useUserData } from '../../components/billing/useBillingData';
import { LoadError } from '../../components/states';
import { PlansList } from './PlansList';
import { SubscriptionHistory } from './SubscriptionHistory';
import { SubscriptionSummary } from './SubscriptionSummary';
import { WalletSummary } from './WalletSummary';

export default function SubscriptionPage() {
  const { userData, loading, failed, retry } = useUserData();
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle title={SCREEN_TITLES.subscription} />
      {/* Unread, the status would say 'Pending' and the balances 0.00: said as unread instead. */}
      {failed ? (
        <LoadError onRetry={retry} />
      ) : (
        <>
          <SubscriptionSummary userData={userData} loading={loading} />
          <WalletSummary userData={userData} loading={loading} />
        </>
      )}
      <Card title={ACCOUNT_LABELS.plans}>
        <PlansList />
      </Card>
      <Card title={ACCOUNT_LABELS.subscriptionHistory}>
        <SubscriptionHistory />
      </Card>
    </Space>
  );
}
