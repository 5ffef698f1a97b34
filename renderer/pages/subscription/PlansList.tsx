/**
 * The plans on offer, each with Subscribe. The service's msg is shown on success or refusal
 * (SPEC section 8); either way the balances and the history are read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Row, Typography } from 'antd';
import type { Plan } from '../../../common/api/subscriptions';
import { ACCOUNT_LABELS, TEXT } from '../../../common/messages';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { useMessage } from '../../app/feedback';
import { orNull } from '../../components/billing/useBillingData';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/states';
import { formatUsdtOrZero } from '../../../common/format';

function PlanCard({ plan, busy, onSubscribe }: { plan: Plan; busy: boolean; onSubscribe: () => void }) {
  const title = ACCOUNT_LABELS.planDays(plan.days);
  return (
    <Card role="group" aria-label={title}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph>
        {ACCOUNT_LABELS.planPrice(formatUsdtOrZero(plan.usdtToken), formatUsdtOrZero(plan.ifcNewToken))}
      </Typography.Paragraph>
      <Button type="primary" loading={busy} onClick={onSubscribe}>
        {ACCOUNT_LABELS.subscribe}
      </Button>
    </Card>
  );
}

export function PlansList() {
  const message = useMessage();
  const queryClient = useQueryClient();
  const plans = useQuery({ queryKey: BILLING_KEYS.plans, queryFn: () => orNull('Plans', () => api.billing.plans()) });
  const subscribe = useMutation({
    mutationFn: (planId: string) => api.billing.subscribe({ planId }),
    onSuccess: (reply) => void message.success(reply.message),
    onError: (error) => void message.error(error.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: BILLING_KEYS.userData });
      await queryClient.invalidateQueries({ queryKey: BILLING_KEYS.subscriptions });
    },
  });
  if (plans.isPending) return <LoadingSkeleton shape="cards" count={3} label={TEXT.loading} />;
  // orNull answers null for a failed fetch: not the same as no plans on offer.
  if (plans.data === null) return <LoadError compact onRetry={() => plans.refetch()} />;
  const list = plans.data ?? [];
  if (list.length === 0) return <EmptyState title={ACCOUNT_LABELS.noPlans} />;
  return (
    <Row gutter={[16, 16]}>
      {list.map((plan) => (
        <Col key={plan.id} xs={24} sm={12} lg={8}>
          <PlanCard
            plan={plan}
            busy={subscribe.isPending && subscribe.variables === plan.id}
            onSubscribe={() => subscribe.mutate(plan.id)}
          />
        </Col>
      ))}
    </Row>
  );
}
