/**
 * My Team (SPEC sections 2 and 7): a card per referral level (reward %, members, total
 * subscription) and the paginated members of the selected level.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Space } from 'antd';
import { useState } from 'react';
import { ACCOUNT_LABELS, TEXT } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { orNull } from '../../components/billing/useBillingData';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/states';
import { LevelCards } from './LevelCards';
import { TeamMembers } from './TeamMembers';

export default function MyTeamPage() {
  const levels = useQuery({
    queryKey: BILLING_KEYS.teamLevels,
    queryFn: () => orNull('Team levels', () => api.billing.teamLevels()),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const list = levels.data ?? [];
  const level = chosen ?? list[0]?.level ?? null;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle title={SCREEN_TITLES.myTeam} />
      {levels.isPending && <LoadingSkeleton shape="cards" count={4} label={TEXT.loading} />}
      {/* orNull answers null for a failed fetch: not the same as having no team. */}
      {levels.data === null && <LoadError onRetry={() => levels.refetch()} />}
      {levels.data && list.length === 0 && <EmptyState title={ACCOUNT_LABELS.noTeam} />}
      {list.length > 0 && <LevelCards levels={list} selected={level} onSelect={setChosen} />}
      {level !== null && (
        <Card title={ACCOUNT_LABELS.levelMembers(level)}>
          <TeamMembers key={level} level={level} />
        </Card>
      )}
    </Space>
  );
}
