/** Start New Bot's data: pairs, live price, minimum amount, strategies and their grid counts, features, and the start call. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BotCategory, StartBotRequest } from '../../../common/api/bots';
import type { StrategyListItem } from '../../../common/api/strategy';
import { MIN_BOT_AMOUNT_DEFAULT_START_FORM, REFRESH_MS, SYSTEM_STRATEGY_NAME } from '../../../common/constants';
import { UI } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { DEFAULT_SYSTEM_STRATEGY, DEFAULT_SYSTEM_STRATEGY_GRIDS, isSystemStrategy } from '../../../common/schemas/bot-form';
import { BOT_KEYS } from '../../api/bots';
import { api } from '../../api/client';
import { STRATEGY_KEYS } from '../../api/strategies';
import { useMessage } from '../../app/feedback';
import { usePairChoice } from '../../components/runnables/usePairChoice';
import { serverMinimum } from '../../components/bots/minimumAmount';
import { startBotErrorMessage } from '../../components/bots/startErrors';

// The header's lists refresh every 10 s (SPEC section 2, Layout); the form's lists follow suit.
const refreshing = { refetchInterval: REFRESH_MS } as const;

/**
 * 'System Strategy' first (SPEC section 3), then the other system strategies (SPEC section 6),
 * then the member's own. The default system strategy is left out: 'System Strategy' already
 * stands for it. A name seen twice is offered once, as the server starts it as the member's own.
 */
function strategyNames(system: StrategyListItem[] = [], mine: StrategyListItem[] = []): string[] {
  const others = system.map((s) => s.strategy_name).filter((name) => name !== DEFAULT_SYSTEM_STRATEGY);
  return [...new Set([SYSTEM_STRATEGY_NAME, ...others, ...mine.map((s) => s.strategy_name)])];
}

export function useStartBotData(pair: string | undefined, category: BotCategory | undefined) {
  const message = useMessage();
  const choice = usePairChoice(pair, category);
  const strategies = useQuery({
    queryKey: [...STRATEGY_KEYS.all, 'mine'],
    queryFn: () => api.strategies.mine(),
    ...refreshing,
  });
  const systemStrategies = useQuery({
    queryKey: [...STRATEGY_KEYS.all, 'system'],
    queryFn: () => api.strategies.system(),
    ...refreshing,
  });
  const minimum = useQuery({ queryKey: ['market', 'minimumBotAmount'], queryFn: () => api.market.minimumBotAmount() });

  useEffect(() => {
    if (minimum.isError) message.error(UI.minBotAmountError);
  }, [minimum.isError, message]);

  return {
    ...choice,
    strategiesLoading: strategies.isPending || systemStrategies.isPending,
    strategyNames: strategyNames(systemStrategies.data, strategies.data),
    /** The server's minimum bot amount, 100 until it loads (SPEC section 9). */
    minimumAmount: serverMinimum(minimum.data?.minimumBotAmount, MIN_BOT_AMOUNT_DEFAULT_START_FORM),
  };
}

/** The chosen strategy's grid count: 'System Strategy' runs the 10-grid default. */
async function gridsOf(strategy: string): Promise<number> {
  if (isSystemStrategy(strategy)) return DEFAULT_SYSTEM_STRATEGY_GRIDS;
  return (await api.strategies.gridCount({ strategyName: strategy })).noOfGrid;
}

const gridsQuery = (strategy: string) => ({
  queryKey: [...STRATEGY_KEYS.all, 'grids', strategy],
  queryFn: () => gridsOf(strategy),
});

/**
 * The grid count of the strategy picked, read as soon as it is picked so the amount's minimum
 * (which depends on it) shows before submitting; undefined until known.
 */
export function useStrategyGrids(strategy: string | undefined): number | undefined {
  const query = useQuery({ ...gridsQuery(strategy ?? ''), enabled: !!strategy });
  return strategy ? query.data : undefined;
}

/** The grid count on submit: the one already read, else read now (it throws when it cannot be). */
export function fetchStrategyGrids(queryClient: QueryClient, strategy: string): Promise<number> {
  return queryClient.fetchQuery({ ...gridsQuery(strategy), staleTime: Infinity });
}

export function useStartBot() {
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StartBotRequest) => api.bots.start(request),
    onSuccess: async (reply) => {
      message.success(UI.botStarting);
      if (reply.message) message.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: BOT_KEYS.all });
      await navigate(ROUTES.dashboard);
    },
    onError: (error) => {
      message.error(startBotErrorMessage(error));
    },
  });
}
