/**
 * The JSON Schemas of the Bots answers (SPEC section 7; shapes in common/api/bots.ts). The server
 * serialises with them (fast-json-stringify): a property missing here would drop the field, and
 * the bot cards written per bot (server/modules/bots/card-json.ts) must equal what `liveBotList`
 * writes (card-json.test.ts).
 */
import { bool, int, str, strOrNull } from './json-schema';

const intOrNull = { type: ['integer', 'null'] } as const;

const sparkline = {
  type: 'array',
  items: { type: 'object', properties: { time: { type: 'number' }, value: str }, required: ['time', 'value'] },
} as const;
const datewise = { type: 'object', additionalProperties: str } as const;
const stopReason = strOrNull;

export const liveBotList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: str, name: str, category: str, tradeType: str, strategy_name: str, status: str, liveprice: str, runtime: int,
      roi: str, investment: str, pnl: str, trades24h: int, grid_no: int, total_grid: int, sparklineData: sparkline,
      datewiseprofit: datewise, leverage: intOrNull,
    },
    required: ['id', 'name', 'category', 'status', 'liveprice', 'runtime', 'roi', 'investment', 'pnl', 'trades24h',
      'grid_no', 'total_grid', 'sparklineData', 'datewiseprofit'],
  },
} as const;

export const botInfoResponse = {
  type: 'object',
  properties: {
    name: str, category: str, leverage: intOrNull, strategy_name: str, liveprice: str, status: str, runtime: int, roi: str,
    trades24h: int, grid_no: int, total_grid: int, last_buying_price: strOrNull, investment: str, pnl: str,
    botstartdate: str, datewiseprofit: datewise, sparklineData: sparkline, overbuy_protection_value: intOrNull,
    stopReason, botstopdate: strOrNull, tickSize: strOrNull, stepSize: strOrNull,
  },
  required: ['name', 'category', 'status', 'liveprice', 'runtime', 'roi', 'investment', 'pnl', 'botstartdate'],
} as const;

export const orderBookResponse = {
  type: 'object',
  properties: {
    orders: {
      type: 'array',
      items: {
        type: 'object',
        properties: { date: str, price: str, type: { type: 'string', enum: ['BUY', 'SELL'] }, quantity: str, cummulativeQuoteQty: str, pnl: str },
        required: ['date', 'price', 'type', 'quantity', 'cummulativeQuoteQty', 'pnl'],
      },
    },
  },
  required: ['orders'],
} as const;

export const purchasedQtyResponse = {
  type: 'object',
  properties: { totalQuantity: str, avgPrice: strOrNull, totalpnl: str, pnl: str },
  required: ['totalQuantity', 'avgPrice', 'totalpnl', 'pnl'],
} as const;

export const positionResponse = {
  type: 'object', properties: { liquidationPrice: strOrNull }, required: ['liquidationPrice'],
} as const;

export const profitBookResponse = {
  type: 'object', properties: { profitbookat: strOrNull }, required: ['profitbookat'],
} as const;

export const protectionValuesResponse = {
  type: 'object',
  properties: { is_protection_active: bool, protection_grid_at: intOrNull },
  required: ['is_protection_active', 'protection_grid_at'],
} as const;

export const sltpResponse = {
  type: 'object',
  properties: { sell_all_and_pause_at_price: strOrNull, restart_at_price: strOrNull, stoploss_and_stopbot_at_price: strOrNull },
  required: ['sell_all_and_pause_at_price', 'restart_at_price', 'stoploss_and_stopbot_at_price'],
} as const;

export const historyResponse = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: str, symbol: str, strategy_name: str, runtime: int, investment: str, profit: str, lossbook: str, totalpnl: str,
      roi: str, botstarttime: str, botstoptime: strOrNull, stopAt: strOrNull, trades: int, stopReason,
    },
    required: ['id', 'symbol', 'strategy_name', 'investment', 'profit', 'lossbook', 'totalpnl', 'roi', 'botstarttime'],
  },
} as const;

export const startResponse = {
  type: 'object', properties: { message: str, botID: str }, required: ['message', 'botID'],
} as const;

export const featuresResponse = {
  type: 'object', properties: { futuresEnabled: bool }, required: ['futuresEnabled'],
} as const;
