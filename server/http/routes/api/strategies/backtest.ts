/** POST /api/backtest: a strategy over the exchange's recent klines (issue 4, section 3). */
import type { FastifyInstance } from 'fastify';
import type { BacktestRequest } from '../../../../../common/api/backtest';
import { KLINE_INTERVALS } from '../../../../../common/api/exchange';
import { backtestSchema } from '../../../../../common/schemas/backtest';
import { runMarketBacktest } from '../../../../modules/backtest/backtest';
import { bearer } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const object = <P extends Record<string, unknown>>(properties: P) =>
  ({ type: 'object', properties, required: Object.keys(properties) }) as const;

const summary = object({
  pnl: str, roi: str, apy: str, trades: int, maxGridsHeld: int, heldQty: str, unrealized: str,
  status: { type: 'string', enum: ['live', 'paused', 'stopped'] }, maxDrawdown: str, maxDrawdownPercent: str,
});
const trade = object({
  ts: int, side: { type: 'string', enum: ['buy', 'sell'] }, grid: int, price: str, qty: str, quote: str, fee: str, pnl: str,
});

const backtestResponse = object({
  interval: { type: 'string', enum: [...KLINE_INTERVALS] },
  candles: int,
  summary,
  trades: { type: 'array', items: trade },
  skipped: int,
  equity: { type: 'array', items: object({ time: int, equity: str }) },
});

export default async function backtestRoutes(app: FastifyInstance) {
  app.post<{ Body: BacktestRequest }>('/backtest', {
    onRequest: app.authenticate,
    schema: { tags: ['strategies'], security: bearer, body: fromYup(backtestSchema), response: { 200: backtestResponse } },
    handler: (request) => runMarketBacktest(app.deps, memberOf(request).userId, request.body),
  });
}
