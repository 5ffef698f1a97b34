/** The members of one referral level, 10 a page. */
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TeamMember } from '../../../common/api/billing';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { PagedTable } from '../../components/billing/PagedTable';
import { numeric } from '../../components/states';
import { formatUsdtOrZero } from '../../../common/format';

const COLUMNS: ColumnsType<TeamMember> = [
  { title: ACCOUNT_LABELS.colName, dataIndex: 'name' },
  { title: ACCOUNT_LABELS.colSponsor, dataIndex: 'sponserName' },
  numeric<TeamMember>({
    title: ACCOUNT_LABELS.totalSubscription,
    dataIndex: 'totalSubscription',
    render: (v: string) => `$${formatUsdtOrZero(v)}`,
  }),
  numeric<TeamMember>({
    title: ACCOUNT_LABELS.colTotalIncome,
    dataIndex: 'totalIncome',
    render: (v: string) => `$${formatUsdtOrZero(v)}`,
  }),
  {
    title: ACCOUNT_LABELS.colActive,
    dataIndex: 'isActive',
    render: (active: boolean) => (
      <Tag color={active ? 'green' : 'red'}>{active ? ACCOUNT_LABELS.statusActive : ACCOUNT_LABELS.statusInactive}</Tag>
    ),
  },
];

export function TeamMembers({ level }: { level: number }) {
  return (
    <PagedTable<TeamMember>
      label={ACCOUNT_LABELS.levelMembers(level)}
      queryKey={BILLING_KEYS.teamMembers(level)}
      fetchPage={(page) => api.billing.teamMembers({ level, page })}
      columns={COLUMNS}
      rowKey={(member) => `${member.name}\u0000${member.sponserName}`}
    />
  );
}
