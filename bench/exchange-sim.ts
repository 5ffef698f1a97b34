/**
 * bench:exchange-sim - orders per second through ccxt's binance class against the simulator on
 * loopback (market buys, FULL responses, signed), with N concurrent ccxt instances. Two set-ups in
 * one run: the simulator in its own process (as `npm run sim` serves it; client and exchange each
 * get a core) and in the bench's process (ccxt's parsing and the simulator share one thread).
 * Prints one JSON document; never fails on a timing.
 */
import { cpus } from 'node:os';
import { simulatorCcxtClient } from '../server/exchange/ccxt-urls';
import { startSimulator } from '../sim/index';
import { createAccount, spawnSimulator } from './support/spawn-sim';

const CONCURRENCY = 32;
const DURATION_MS = 5_000;
const TARGET_ORDERS_PER_SECOND = 2_000;

async function measure(url: string) {
  const clients = await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => simulatorCcxtClient(url, await createAccount(url))),
  );
  await clients[0]!.loadMarkets();
  // Sharing the loaded markets spares 31 exchangeInfo round trips; ccxt derives currencies from them.
  for (const c of clients.slice(1)) c.setMarkets(clients[0]!.markets);
  const latencies: number[] = [];
  let errors = 0;
  const run = async (c: (typeof clients)[number], until: number) => {
    while (Date.now() < until) {
      const t = performance.now();
      try {
        await c.createOrder('BTC/USDT', 'market', 'buy', 0.0001);
        latencies.push(performance.now() - t);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(clients.map((c) => run(c, Date.now() + 500))); // warm-up
  latencies.length = 0;
  errors = 0;
  const started = performance.now();
  await Promise.all(clients.map((c) => run(c, Date.now() + DURATION_MS)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(2));
  const ordersPerSecond = Math.round(latencies.length / seconds);
  return {
    orders: latencies.length,
    errors,
    ordersPerSecond,
    ratioToTarget: Number((ordersPerSecond / TARGET_ORDERS_PER_SECOND).toFixed(2)),
    latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) },
  };
}

const child = await spawnSimulator();
const ownProcess = await measure(child.url).finally(() => child.stop());
const inline = await startSimulator({ port: 0, randomWalk: false, weightLimits: { spot: 1e9 } });
const sameProcess = await measure(inline.url).finally(() => inline.close());
console.log(
  JSON.stringify(
    {
      bench: 'exchange-sim',
      concurrency: CONCURRENCY,
      secondsEach: DURATION_MS / 1000,
      targetOrdersPerSecond: TARGET_ORDERS_PER_SECOND,
      simulatorInOwnProcess: ownProcess,
      simulatorInBenchProcess: sameProcess,
      ratioOwnToSameProcess: Number((ownProcess.ordersPerSecond / Math.max(1, sameProcess.ordersPerSecond)).toFixed(2)),
      cpus: cpus().length,
    },
    null,
    2,
  ),
);
process.exit(0);
