import type { MessageResponse } from '../../../../common/api/account';
import type { BacktestResponse } from '../../../../common/api/backtest';
import type { GridCountResponse, StrategyDetail, StrategyListItem } from '../../../../common/api/strategy';
import type { IpcArea } from '../context';
import { fromReply } from '../result';

/** The Strategies calls of SPEC section 7, one channel each, bodies forwarded as the contract checked them. */
export const strategiesArea: IpcArea = {
  name: 'strategies',
  handlers: {
    'strategies:create': async (payload, { call }) =>
      fromReply<MessageResponse>(await call('POST', '/api/strategy', payload)),

    'strategies:list': async (_payload, { call }) =>
      fromReply<StrategyListItem[]>(await call('GET', '/api/mystratagieslist')),

    'strategies:mine': async (_payload, { call }) =>
      fromReply<StrategyListItem[]>(await call('GET', '/api/mystratagies')),

    'strategies:system': async (_payload, { call }) =>
      fromReply<StrategyListItem[]>(await call('GET', '/api/systemstrategy')),

    'strategies:mineScalping': async (_payload, { call }) =>
      fromReply<StrategyListItem[]>(await call('GET', '/api/mystratagiesscalping')),

    'strategies:systemScalping': async (_payload, { call }) =>
      fromReply<StrategyListItem[]>(await call('GET', '/api/systemstrategyscalping')),

    'strategies:detail': async (payload, { call }) =>
      fromReply<StrategyDetail>(await call('POST', '/api/stratagybypara', payload)),

    'strategies:edit': async (payload, { call }) =>
      fromReply<MessageResponse>(await call('POST', '/api/stratagyedit', payload)),

    'strategies:delete': async (payload, { call }) =>
      fromReply<MessageResponse>(await call('POST', '/api/deletestrategy', payload)),

    'strategies:gridCount': async (payload, { call }) =>
      fromReply<GridCountResponse>(await call('POST', '/api/noofgrid', payload)),

    'strategies:backtest': async (payload, { call }) =>
      fromReply<BacktestResponse>(await call('POST', '/api/backtest', payload)),
  },
};
