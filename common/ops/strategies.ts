/**
 * Strategy operations (SPEC section 7, Strategies): create, the lists, detail, edit, delete, the
 * grid count, and the backtest of a strategy over the exchange's recent klines (issue 4).
 * Each is an IPC channel under its own name.
 */
import type { MessageResponse } from '../api/account';
import type { BacktestRequest, BacktestResponse } from '../api/backtest';
import { KLINE_INTERVALS } from '../api/exchange';
import type {
  CreateStrategyRequest,
  EditStrategyRequest,
  GridCountRequest,
  GridCountResponse,
  StrategyDetail,
  StrategyListItem,
  StrategyNameRequest,
} from '../api/strategy';
import { backtestSchema } from '../schemas/backtest';
import { createStrategySchema, editStrategySchema, gridCountBody, strategyNameBody } from '../schemas/strategy';
import { op, type Empty } from './define';
import { arrayOf, int, messageReply, object, str } from './json-schema';

const strategies = { auth: 'member', envelope: 'api', tag: 'strategies' } as const;

const strategyList = arrayOf(object({ strategy_name: str, No_of_order: int, status: { type: 'string', enum: ['active', 'inactive'] }, _id: str }));

const strings = arrayOf(str);
const strategyDetail = object({
  strategy_name: str,
  No_of_order: int,
  allotted_amount_percentage_per_order: strings,
  buy_percentage: strings,
  buy_percentage_up: strings,
  takeprofit_percentage: strings,
  takeprofit_percentage_down: strings,
});

const backtestSummary = object({
  pnl: str, roi: str, apy: str, trades: int, maxGridsHeld: int, heldQty: str, unrealized: str,
  status: { type: 'string', enum: ['live', 'paused', 'stopped'] }, maxDrawdown: str, maxDrawdownPercent: str,
});
const backtestTrade = object({
  ts: int, side: { type: 'string', enum: ['buy', 'sell'] }, grid: int, price: str, qty: str, quote: str, fee: str, pnl: str,
});
const backtestResponse = object({
  interval: { type: 'string', enum: [...KLINE_INTERVALS] },
  candles: int,
  summary: backtestSummary,
  trades: arrayOf(backtestTrade),
  skipped: int,
  equity: arrayOf(object({ time: int, equity: str })),
});

const list = (path: string, summary: string) =>
  op<Empty, StrategyListItem[]>()({ ...strategies, method: 'GET', path, summary, response: strategyList });

export const strategiesOps = {
  'strategies:create': op<CreateStrategyRequest, MessageResponse>()({
    ...strategies, method: 'POST', path: '/api/strategy', input: createStrategySchema, summary: 'Saves a new strategy',
    response: messageReply,
  }),
  'strategies:list': list('/api/mystratagieslist', 'Every strategy of the member (My Strategies)'),
  'strategies:mine': list('/api/mystratagies', "The member's Advanced Multigrid strategies"),
  'strategies:system': list('/api/systemstrategy', 'The system Advanced Multigrid strategies'),
  'strategies:mineScalping': list('/api/mystratagiesscalping', "The member's scalping strategies"),
  'strategies:systemScalping': list('/api/systemstrategyscalping', 'The system scalping strategies'),
  'strategies:detail': op<StrategyNameRequest, StrategyDetail>()({
    ...strategies, method: 'POST', path: '/api/stratagybypara', input: strategyNameBody, summary: 'A strategy by its name',
    response: strategyDetail,
  }),
  'strategies:edit': op<EditStrategyRequest, MessageResponse>()({
    ...strategies, method: 'POST', path: '/api/stratagyedit', input: editStrategySchema, summary: "Changes a strategy's grids",
    response: messageReply,
  }),
  'strategies:delete': op<StrategyNameRequest, MessageResponse>()({
    ...strategies, method: 'POST', path: '/api/deletestrategy', input: strategyNameBody,
    summary: 'Deletes a strategy no bot uses', response: messageReply,
  }),
  'strategies:gridCount': op<GridCountRequest, GridCountResponse>()({
    ...strategies, method: 'POST', path: '/api/noofgrid', input: gridCountBody, summary: 'The number of grids of a strategy',
    response: object({ noOfGrid: int }),
  }),
  'strategies:backtest': op<BacktestRequest, BacktestResponse>()({
    ...strategies, method: 'POST', path: '/api/backtest', input: backtestSchema,
    summary: "A strategy over the exchange's recent klines", response: backtestResponse,
  }),
};
