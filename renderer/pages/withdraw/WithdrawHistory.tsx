/** The member's withdrawals, 10 a page: SUCCESS shown good, every other status failed (SPEC section 3). */
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { WithdrawRecord } from '../../../common/api/billing';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { PagedTable } from '../../components/billing/PagedTable';
import { formatDateTime, money } from '../../components/billing/format';

export const withdrawStatusColor = (status: string) => (status === 'SUCCESS' ? 'green' : 'red');

const COLUMNS: ColumnsType<WithdrawRecord> = [
  { title: ACCOUNT_LABELS.colAmount, dataIndex: 'amount', render: money },
  {
    title: ACCOUNT_LABELS.colToAddress,
    dataIndex: 'toAddress',
    render: (address: string) => <Typography.Text code>{address}</Typography.Text>,
  },
  {
    title: ACCOUNT_LABELS.colStatus,
    dataIndex: 'status',
    render: (status: string) => <Tag color={withdrawStatusColor(status)}>{status}</Tag>,
  },
  { title: ACCOUNT_LABELS.colDate, dataIndex: 'createdAt', render: formatDateTime },
];

export function WithdrawHistory() {
  return (
    <PagedTable<WithdrawRecord>
      label={ACCOUNT_LABELS.withdrawHistory}
      queryKey={BILLING_KEYS.withdrawals}
      fetchPage={(page) => api.billing.withdrawals({ page })}
      columns={COLUMNS}
      rowKey="id"
    />
  );
}
