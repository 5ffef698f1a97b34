/**
 * GET /api/tickers/stream: Server-Sent Events, event `tickers` with {tickers}, pushed at most
 * once a second on change (the hub's poll cadence), a heartbeat comment every 15 s so proxies
 * keep the connection, and the subscription dropped when the client goes away.
 */
import type { FastifyInstance } from 'fastify';
import type { TickerEntry } from '../../../../../common/api/exchange';
import { tickers, tickSizes, withTickSizes } from '../../../../modules/market/market';
import { exchangeOf } from '../../../../exchange/domain-errors';
import { bearer } from '../../../schemas';
import { openEventStream } from '../../../event-stream';

export const HEARTBEAT_MS = 15_000;

export default async function tickerStream(app: FastifyInstance) {
  // Open streams never finish on their own: end them when the server closes, or close() would wait forever.
  const open = new Set<{ end(): void }>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get(
    '/tickers/stream',
    { config: { auth: 'member' }, schema: { tags: ['market'], security: bearer } },
    async (request, reply) => {
      const hub = exchangeOf(app.deps).marketData;
      const [first, steps] = await Promise.all([tickers(app.deps), tickSizes(app.deps, 'spot')]);
      const res = openEventStream(reply);
      open.add(res);
      const send = (list: TickerEntry[]) =>
        res.write(`event: tickers\ndata: ${JSON.stringify({ tickers: withTickSizes(list, steps) })}\n\n`);
      send(first.tickers);
      const unsubscribe = hub.subscribe(send);
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      res.on('close', () => {
        open.delete(res);
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
}
