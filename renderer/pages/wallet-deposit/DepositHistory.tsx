/** The member's credited deposits, 10 a page (SPEC sections 3 and 9). */
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DepositRecord } from '../../../common/api/billing';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { PagedTable } from '../../components/billing/PagedTable';
import { formatDateTime, formatUsdtOrZero } from '../../../common/format';

/** A transaction hash short enough for a table cell; the full hash is its title and what copy takes. */
export const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash);

const COLUMNS: ColumnsType<DepositRecord> = [
  { title: ACCOUNT_LABELS.colToken, dataIndex: 'token' },
  { title: ACCOUNT_LABELS.colAmount, dataIndex: 'amount', render: formatUsdtOrZero },
  {
    title: ACCOUNT_LABELS.colTxHash,
    dataIndex: 'transactionHash',
    render: (hash: string) => (
      <Typography.Text code copyable={{ text: hash }} title={hash}>
        {shortHash(hash)}
      </Typography.Text>
    ),
  },
  { title: ACCOUNT_LABELS.colDate, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
];

export function DepositHistory() {
  return (
    <PagedTable<DepositRecord>
      label={ACCOUNT_LABELS.depositHistory}
      queryKey={BILLING_KEYS.deposits}
      fetchPage={(page) => api.billing.deposits({ page })}
      columns={COLUMNS}
      rowKey="id"
    />
  );
}
