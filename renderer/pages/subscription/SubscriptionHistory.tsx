/** The member's purchases, 10 a page (SPEC sections 3 and 9). */
import type { ColumnsType } from 'antd/es/table';
import type { SubscriptionRecord } from '../../../common/api/subscriptions';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { PagedTable } from '../../components/billing/PagedTable';
import { numeric } from '../../components/states';
import { formatDateTime, formatUsdtOrZero } from '../../../common/format';

const COLUMNS: ColumnsType<SubscriptionRecord> = [
  numeric<SubscriptionRecord>({ title: ACCOUNT_LABELS.colUsdt, dataIndex: 'usdtToken', render: formatUsdtOrZero }),
  numeric<SubscriptionRecord>({ title: ACCOUNT_LABELS.colIfc, dataIndex: 'ifcNewToken', render: formatUsdtOrZero }),
  numeric<SubscriptionRecord>({ title: ACCOUNT_LABELS.colDays, dataIndex: 'days' }),
  numeric<SubscriptionRecord>({
    title: ACCOUNT_LABELS.colAvailableCredit,
    dataIndex: 'availableCredit',
    render: formatUsdtOrZero,
  }),
  numeric<SubscriptionRecord>({
    title: ACCOUNT_LABELS.colDate,
    dataIndex: 'createdAt',
    render: (v: string) => formatDateTime(v),
  }),
];

export function SubscriptionHistory() {
  return (
    <PagedTable<SubscriptionRecord>
      label={ACCOUNT_LABELS.subscriptionHistory}
      queryKey={BILLING_KEYS.subscriptions}
      fetchPage={(page) => api.billing.subscriptions({ page })}
      columns={COLUMNS}
      rowKey="id"
    />
  );
}
