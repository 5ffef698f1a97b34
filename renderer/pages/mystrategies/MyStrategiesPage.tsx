/** My Strategies (SPEC sections 2 and 8): the member's strategies as cards, edit and delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Row } from 'antd';
import { Link } from 'react-router-dom';
import { LABELS, TEXT, UI } from '../../../common/messages';
import { ROUTES, SCREEN_TITLES } from '../../../common/routes';
import { api } from '../../api/client';
import { strategyDeleteErrorMessage } from '../../api/strategyErrors';
import { STRATEGY_KEYS } from '../../api/strategies';
import { useMessage } from '../../app/feedback';
import { PageTitle } from '../../components/PageTitle';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/states';
import { StrategyCard } from './StrategyCard';

function useDeleteStrategy() {
  const message = useMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.strategies.delete({ strategy_name: name }),
    onSuccess: async () => {
      message.success(UI.strategyDeleted);
      // SPEC reloads the page after a delete; reloading the list is what the member sees.
      await queryClient.invalidateQueries({ queryKey: STRATEGY_KEYS.all });
    },
    onError: (error) => {
      message.error(strategyDeleteErrorMessage(error));
    },
  });
}

function NoStrategies() {
  return (
    <EmptyState
      title={TEXT.noStrategiesTitle}
      description={TEXT.noStrategiesBody}
      action={
        <Link to={ROUTES.createStrategy}>
          <Button type="primary">{LABELS.createStrategyButton}</Button>
        </Link>
      }
    />
  );
}

export default function MyStrategiesPage() {
  const list = useQuery({ queryKey: STRATEGY_KEYS.list, queryFn: () => api.strategies.list() });
  const remove = useDeleteStrategy();

  let body;
  if (list.isPending) {
    body = <LoadingSkeleton shape="cards" count={4} label={TEXT.loading} />;
  } else if (list.isError) {
    body = <LoadError title={UI.strategiesLoadError} onRetry={() => list.refetch()} />;
  } else if (list.data.length === 0) {
    body = <NoStrategies />;
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {list.data.map((strategy) => (
          <Col key={strategy._id} xs={24} sm={12} lg={8} xl={6}>
            <StrategyCard
              strategy={strategy}
              deleting={remove.isPending && remove.variables === strategy.strategy_name}
              onDelete={(name) => remove.mutate(name)}
            />
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <>
      <PageTitle title={SCREEN_TITLES.myStrategies} />
      {body}
    </>
  );
}
