/** Strategy calls (SPEC section 7, Strategies), one function per channel. */
import type { BacktestRequest } from '../../common/api/backtest';
import type { CreateStrategyRequest, StrategyDetailInput } from '../../common/api/strategy';
import { invoke } from './bridge';

export const strategiesApi = {
  create: (request: CreateStrategyRequest) => invoke('strategies:create', request),
  list: () => invoke('strategies:list', {}),
  mine: () => invoke('strategies:mine', {}),
  system: () => invoke('strategies:system', {}),
  detail: (strategyName: string) => invoke('strategies:detail', { strategy_name: strategyName }),
  edit: (dataToSend: StrategyDetailInput) => invoke('strategies:edit', { dataToSend }),
  remove: (strategyName: string) => invoke('strategies:delete', { strategy_name: strategyName }),
  gridCount: (strategyName: string) => invoke('strategies:gridCount', { strategyName }),
  backtest: (request: BacktestRequest) => invoke('strategies:backtest', request),
};

/** Query keys, so a save or delete refreshes every list that shows strategies. */
export const STRATEGY_KEYS = {
  all: ['strategies'] as const,
  list: ['strategies', 'list'] as const,
  detail: (name: string) => ['strategies', 'detail', name] as const,
};
