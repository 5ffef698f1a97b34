/**
 * Withdraw (SPEC sections 2, 5 and 8): the USDT rewards earned with the reward swap, the
 * withdraw form, and the paginated withdrawal history. A server that cannot pay out (no chain
 * or no hot wallet) says so and keeps the form from sending; the swap and history need no chain.
 */
import { Alert, Card, Space } from 'antd';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { useUserData } from '../../components/billing/useBillingData';
import { RewardsCard } from './RewardsCard';
import { WithdrawForm } from './WithdrawForm';
import { WithdrawHistory } from './WithdrawHistory';

export default function WithdrawPage() {
  const { userData, loading } = useUserData();
  // Unknown until the user data arrives: no notice meanwhile, the server refuses anyway.
  const payoutsOff = userData?.withdrawalsEnabled === false;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle title={SCREEN_TITLES.withdraw} />
      <RewardsCard rewards={userData?.usdtRewardToken ?? null} loading={loading} />
      <Card title={ACCOUNT_LABELS.withdrawRewards}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {payoutsOff && <Alert type="warning" showIcon title={ACCOUNT_LABELS.withdrawalsUnavailable} />}
          <WithdrawForm disabled={payoutsOff} limits={userData?.withdrawalLimits} rewards={userData?.usdtRewardToken ?? null} />
        </Space>
      </Card>
      <Card title={ACCOUNT_LABELS.withdrawHistory}>
        <WithdrawHistory />
      </Card>
    </Space>
  );
}
