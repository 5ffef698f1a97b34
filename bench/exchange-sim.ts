/**
 * bench:exchange-sim - orders per second through ccxt's binance class against the simulator on
 * loopback (market buys, FULL responses, signed), with N concurrent ccxt instances. Prints one
 * JSON document; never fails on a timing.
 */
import { simulatorCcxtClient } from '../server/exchange/simulator/ccxt-urls';
import { startSimulator } from '../server/exchange/simulator/index';

const CONCURRENCY = 32;
const DURATION_MS = 5_000;
const TARGET_ORDERS_PER_SECOND = 2_000;

const sim = await startSimulator({ port: 0, randomWalk: false, weightLimits: { spot: 1e9 } });
const clients = Array.from({ length: CONCURRENCY }, () => {
  const key = sim.control.createAccount({ balances: { USDT: '100000000' } });
  return simulatorCcxtClient(sim.url, key);
});
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
const started = performance.now();
await Promise.all(clients.map((c) => run(c, Date.now() + DURATION_MS)));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(2));
const ordersPerSecond = Math.round(latencies.length / seconds);
console.log(JSON.stringify({
  bench: 'exchange-sim', concurrency: CONCURRENCY, seconds: Number(seconds.toFixed(2)), orders: latencies.length, errors,
  ordersPerSecond, targetOrdersPerSecond: TARGET_ORDERS_PER_SECOND, ratioToTarget: Number((ordersPerSecond / TARGET_ORDERS_PER_SECOND).toFixed(2)),
  latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) }, cpus: (await import('node:os')).cpus().length,
}, null, 2));
await sim.close();
