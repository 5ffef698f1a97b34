/**
 * Strategy operations (SPEC section 7, Strategies): create, the lists, detail, edit, delete, the
 * grid count, and the backtest of a strategy over the exchange's recent klines (issue 4).
 * Each is an IPC channel under its own name.
 */
import { backtestResponse, type BacktestRequest } from '../api/backtest';
import {
  gridCountResponse,
  strategyDetail,
  strategyList,
  type CreateStrategyRequest,
  type EditStrategyRequest,
} from '../api/strategy';
import { backtestSchema } from '../schemas/backtest';
import { createStrategySchema, editStrategySchema, gridCountBody, strategyNameBody } from '../schemas/strategy';
import { op } from './define';
import { MARKET_REFUSES } from './refusals';
import { messageReply } from '../api/json-schema';

const strategies = { auth: 'member', envelope: 'api', tag: 'strategies' } as const;

const list = (path: string, summary: string) => op()({ ...strategies, method: 'GET', path, summary, response: strategyList });

export const strategiesOps = {
  'strategies:create': op<CreateStrategyRequest, CreateStrategyRequest>()({
    refuses: ['strategy.exists', 'strategy.invalid'],
    ...strategies,
    method: 'POST',
    path: '/api/strategy',
    input: createStrategySchema,
    summary: 'Saves a new strategy',
    response: messageReply,
  }),
  'strategies:list': list('/api/mystratagieslist', 'Every strategy of the member (My Strategies)'),
  'strategies:mine': list('/api/mystratagies', "The member's Advanced Multigrid strategies"),
  'strategies:system': list('/api/systemstrategy', 'The system Advanced Multigrid strategies'),
  'strategies:mineScalping': list('/api/mystratagiesscalping', "The member's scalping strategies"),
  'strategies:systemScalping': list('/api/systemstrategyscalping', 'The system scalping strategies'),
  'strategies:detail': op()({
    refuses: ['strategy.not_found'],
    ...strategies,
    method: 'POST',
    path: '/api/stratagybypara',
    input: strategyNameBody,
    summary: 'A strategy by its name',
    response: strategyDetail,
  }),
  'strategies:edit': op<EditStrategyRequest, EditStrategyRequest>()({
    refuses: ['strategy.not_found', 'strategy.read_only', 'strategy.invalid'],
    ...strategies,
    method: 'POST',
    path: '/api/stratagyedit',
    input: editStrategySchema,
    summary: "Changes a strategy's grids",
    response: messageReply,
  }),
  'strategies:delete': op()({
    refuses: ['strategy.not_found', 'strategy.read_only', 'strategy.in_use'],
    ...strategies,
    method: 'POST',
    path: '/api/deletestrategy',
    input: strategyNameBody,
    summary: 'Deletes a strategy no bot uses',
    response: messageReply,
  }),
  'strategies:gridCount': op()({
    refuses: ['strategy.not_found'],
    ...strategies,
    method: 'POST',
    path: '/api/noofgrid',
    input: gridCountBody,
    summary: 'The number of grids of a strategy',
    response: gridCountResponse,
  }),
  'strategies:backtest': op<BacktestRequest, BacktestRequest>()({
    refuses: ['strategy.not_found', 'strategy.invalid', 'backtest.no_history', ...MARKET_REFUSES],
    ...strategies,
    method: 'POST',
    path: '/api/backtest',
    input: backtestSchema,
    summary: "A strategy over the exchange's recent klines",
    response: backtestResponse,
  }),
};
