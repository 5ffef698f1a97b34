/**
 * Ticker fan-out: 1,000 SSE subscribers on GET /api/tickers/stream of the real app (listening
 * on loopback), fed by the exchange's mini-ticker WebSocket. Two latencies per delivery: from the
 * moment the hub publishes a changed snapshot (its first listener) — the server's own fan-out —
 * and from the price change on the exchange, which includes the exchange's once-a-second batching
 * of !miniTicker@arr (Binance's cadence, and the simulator's).
 */
import http from 'node:http';
import { setTimeout as wait } from 'node:timers/promises';
import { benchApp, signUp } from '../support/app';
import { benchExchange } from '../support/exchange';

const SUBSCRIBERS = 1_000;
const UPDATES = 10;

function openStream(port: number, token: string, onEvent: (data: string) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/tickers/stream', headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            if (buffer.startsWith('event: tickers')) onEvent(buffer.slice(buffer.indexOf('data: ') + 6, end));
            buffer = buffer.slice(end + 2);
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(2));
}

export async function benchFanout() {
  const exchange = await benchExchange();
  const server = await benchApp({ exchange });
  const streams: http.ClientRequest[] = [];
  try {
    const token = await signUp(server, 'Bench');
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (server.app.server.address() as { port: number }).port;
    // t0 per update: when the hub publishes the first snapshot carrying that BTC price (its first listener).
    const t0 = new Map<string, number>();
    const btc = (list: { symbol: string; price: string }[]) => list.find((t) => t.symbol === 'BTCUSDT')?.price ?? '';
    exchange.marketData.subscribe((list) => {
      if (!t0.has(btc(list))) t0.set(btc(list), performance.now());
    });
    const latencies: number[] = [];
    const endToEnd: number[] = [];
    const setAt = new Map<string, number>();
    const updates = new Set<string>();
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const seen = new Set<string>();
      streams.push(
        await openStream(port, token, (data) => {
          const at = performance.now();
          const price = btc((JSON.parse(data) as { tickers: { symbol: string; price: string }[] }).tickers);
          const start = t0.get(price);
          if (start === undefined || seen.has(price) || !updates.has(price)) return;
          seen.add(price);
          latencies.push(at - start);
          endToEnd.push(at - setAt.get(price)!);
        }),
      );
    }
    let price = 70_000.01;
    while (!exchange.marketData.feedStats().streamUp) {
      exchange.simulator.control.setPrice('BTCUSDT', (price += 1).toFixed(2));
      await wait(250);
    }
    const restPollsBefore = exchange.marketData.feedStats().restPolls;
    for (let u = 0; u < UPDATES; u++) {
      const next = (price += 1).toFixed(2);
      updates.add(next);
      setAt.set(next, performance.now());
      exchange.simulator.control.setPrice('BTCUSDT', next);
      await wait(1_300); // one stream batch a second
    }
    latencies.sort((a, b) => a - b);
    endToEnd.sort((a, b) => a - b);
    return {
      subscribers: SUBSCRIBERS,
      updates: UPDATES,
      deliveriesOfTheUpdates: latencies.length,
      expected: SUBSCRIBERS * UPDATES,
      updateToDeliveryMs: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: percentile(latencies, 1) },
      exchangeChangeToDeliveryMs: {
        p50: percentile(endToEnd, 0.5),
        p99: percentile(endToEnd, 0.99),
        max: percentile(endToEnd, 1),
      },
      restPollsDuringUpdates: exchange.marketData.feedStats().restPolls - restPollsBefore,
      feed: 'one all-market mini-ticker WebSocket for the process (no request weight), pushed over SSE when a pinned pair changes',
    };
  } finally {
    for (const s of streams) s.destroy();
    await server.close();
    await exchange.close();
  }
}
