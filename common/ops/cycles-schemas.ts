/** The JSON Schemas of the Cycles answers (SPEC section 7; shapes in common/api/cycles.ts). */
import { int, str, strOrNull } from './json-schema';

const intOrNull = { type: ['integer', 'null'] } as const;
const sparkline = {
  type: 'array',
  items: { type: 'object', properties: { time: { type: 'number' }, value: str }, required: ['time', 'value'] },
} as const;

export const liveCycleList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: str, pair: str, category: str, leverage: intOrNull, status: str, liveprice: str, runtime: int, investment: str,
      profit: str, cycles_completed: int, no_of_cycle: int, last_bought_price: strOrNull, buy_price: str, sell_price: str,
      stop_loss: str, sparklineData: sparkline, tickSize: strOrNull, stepSize: strOrNull,
    },
    required: ['id', 'pair', 'category', 'leverage', 'status', 'liveprice', 'runtime', 'investment', 'profit', 'cycles_completed',
      'no_of_cycle', 'last_bought_price', 'buy_price', 'sell_price', 'stop_loss', 'sparklineData'],
  },
} as const;

export const cycleHistoryResponse = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: str, symbol: str, strategy_name: str, runtime: int, investment: str, profit: str, lossbook: str, totalpnl: str,
      roi: str, botstarttime: str, botstoptime: strOrNull, stopAt: strOrNull, trades: int, status: str, stopReason: strOrNull,
      cycles_completed: int, no_of_cycle: int,
    },
    required: ['id', 'symbol', 'strategy_name', 'investment', 'profit', 'lossbook', 'totalpnl', 'roi', 'botstarttime', 'status',
      'cycles_completed', 'no_of_cycle'],
  },
} as const;

export const startCycleResponse = {
  type: 'object', properties: { message: str, cycle_id: str }, required: ['message', 'cycle_id'],
} as const;
