/** Level rewards earned from the team's purchases, 10 a page (SPEC section 2: No, Amount, %, Referred User, Date). */
import type { ColumnsType } from 'antd/es/table';
import type { LevelRewardRecord } from '../../../common/api/subscriptions';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { PagedTable } from '../../components/billing/PagedTable';
import { numeric } from '../../components/states';
import { formatDateTime, formatUsdtOrZero } from '../../../common/format';

const COLUMNS: ColumnsType<LevelRewardRecord> = [
  numeric<LevelRewardRecord>({
    title: ACCOUNT_LABELS.colAmount,
    dataIndex: 'amount',
    render: (amount: string) => `$${formatUsdtOrZero(amount)}`,
  }),
  numeric<LevelRewardRecord>({ title: ACCOUNT_LABELS.colPercent, dataIndex: 'percentage', render: (p: string) => `${p}%` }),
  { title: ACCOUNT_LABELS.colReferredUser, dataIndex: 'fromUserName' },
  numeric<LevelRewardRecord>({ title: ACCOUNT_LABELS.colDate, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) }),
];

export function RewardHistory() {
  return (
    <PagedTable<LevelRewardRecord>
      label={ACCOUNT_LABELS.rewardHistory}
      queryKey={BILLING_KEYS.levelIncome}
      fetchPage={(page) => api.billing.levelIncome({ page })}
      columns={COLUMNS}
      rowKey="id"
    />
  );
}
