/**
 * Orders per second through the gateway vs raw ccxt on loopback, and the gateway's own overhead
 * per call. The simulator runs in its own process (as `npm run sim` serves it), so the exchange
 * side does not eat the client's core.
 */
import { CcxtGateway } from '../../server/exchange/ccxt-gateway';
import type { MemberGateway } from '../../server/exchange/gateway';
import { simulatorCcxtClient } from '../../server/exchange/simulator/ccxt-urls';
import { WeightGovernor } from '../../server/exchange/weight-governor';
import { createAccount, spawnSimulator } from '../support/spawn-sim';

const CONCURRENCY = 32;
const DURATION_MS = 4_000;
const SEQUENTIAL_CALLS = 1_000;

let seq = 0;
const order = () => ({ market: 'spot' as const, symbol: 'BTCUSDT', side: 'buy' as const, type: 'limit' as const, quantity: '0.01',
  price: '1000', clientOrderId: `bench-${process.pid}-${++seq}` });

async function throughput(place: (i: number) => Promise<unknown>): Promise<{ ordersPerSecond: number; errors: number }> {
  let done = 0;
  let errors = 0;
  const until = Date.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async (_, i) => {
    while (Date.now() < until) {
      try {
        await place(i);
        done += 1;
      } catch {
        errors += 1;
      }
    }
  }));
  return { ordersPerSecond: Math.round(done / ((performance.now() - started) / 1000)), errors };
}

/** Median ms per call of each, interleaved call by call so machine noise hits both alike. */
async function perCall(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < SEQUENTIAL_CALLS; i++) {
    for (const [k, run] of [[0, a], [1, b]] as const) {
      const t = performance.now();
      await run();
      times[k].push(performance.now() - t);
    }
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return [median(times[0]), median(times[1])];
}

export async function benchOrders() {
  // Limits lifted on both sides: this measures our code, not Binance's 6,000/min (which would cap at ~90 orders/s).
  const sim = await spawnSimulator();
  const gateway = new CcxtGateway({ simUrl: sim.url, governor: new WeightGovernor({ limits: { spot: 1e9, futures: 1e9 } }) });
  try {
    const keys = await Promise.all(Array.from({ length: CONCURRENCY }, () => createAccount(sim.url)));
    const members: MemberGateway[] = keys.map((k) => gateway.member(k));
    const raws = keys.map((k) => simulatorCcxtClient(sim.url, k));
    const rawPlace = (i: number) => raws[i]!.privatePostOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.01',
      price: '1000', timeInForce: 'GTC', newClientOrderId: `raw-${process.pid}-${++seq}`, newOrderRespType: 'FULL' });
    await throughput((i) => members[i]!.placeOrder(order())); // warm-up
    await throughput(rawPlace);
    const rawRun = await throughput(rawPlace);
    const gatewayRun = await throughput((i) => members[i]!.placeOrder(order()));
    const [rawMs, gatewayMs] = await perCall(() => rawPlace(0), () => members[0]!.placeOrder(order()));
    return {
      concurrency: CONCURRENCY, durationMs: DURATION_MS, order: 'spot LIMIT BUY, signed, FULL response, loopback',
      rawCcxtOrdersPerSecond: rawRun.ordersPerSecond, gatewayOrdersPerSecond: gatewayRun.ordersPerSecond,
      errors: rawRun.errors + gatewayRun.errors,
      sequentialMedianMsPerCall: { rawCcxt: round(rawMs), gateway: round(gatewayMs), gatewayOverhead: round(gatewayMs - rawMs) },
      simulator: 'own process', note: 'gateway = governor reservation + weight lookup + error mapping + parsing to decimal strings; limits lifted to measure code, not Binance',
    };
  } finally {
    await gateway.close();
    await sim.stop();
  }
}

const round = (n: number) => Number(n.toFixed(3));
