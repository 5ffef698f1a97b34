/** GET /api/tickers/stream (SSE); the other market calls are operations (common/ops/exchange.ts). */
import type { FastifyInstance } from 'fastify';
import tickerStream from './stream';

export default async function marketApi(app: FastifyInstance) {
  await app.register(tickerStream);
}
