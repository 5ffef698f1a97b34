/**
 * Orders per second through the gateway vs raw ccxt on loopback, and the gateway's own overhead
 * per call; the gateway's order paths side by side: spot orders over the WebSocket API
 * (ws-order-channel.ts, the default), the direct signed REST request (direct-signed.ts) and
 * ccxt's own request path: client CPU per order, and the spread of answers to bursts of 41 and
 * 200 orders sent at once (the engine's typical and largest orders per price push at 10,000
 * bots). The simulator runs in its own process (as `npm run sim` serves it), so the exchange
 * side does not eat the client's core.
 */
import { CcxtGateway } from '../../server/exchange/ccxt-gateway';
import type { MemberGateway } from '../../server/exchange/core/gateway';
import { simulatorCcxtClient } from '../../server/exchange/ccxt-urls';
import { WeightGovernor } from '../../server/exchange/core/weight-governor';
import { createAccount, spawnSimulator } from '../support/spawn-sim';

const CONCURRENCY = 32;
const BURST = 41;
const WIDE_BURST = 200;
const BURST_ROUNDS = 40;
const DURATION_MS = 4_000;
const SEQUENTIAL_CALLS = 1_000;

let seq = 0;
const order = () => ({
  market: 'spot' as const,
  symbol: 'BTCUSDT',
  side: 'buy' as const,
  type: 'limit' as const,
  quantity: '0.01',
  price: '1000',
  clientOrderId: `bench-${process.pid}-${++seq}`,
});

async function throughput(
  place: (i: number) => Promise<unknown>,
): Promise<{ ordersPerSecond: number; errors: number; cpuMsPerOrder: number }> {
  let done = 0;
  let errors = 0;
  const until = Date.now() + DURATION_MS;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      while (Date.now() < until) {
        try {
          await place(i);
          done += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    ordersPerSecond: Math.round(done / ((performance.now() - started) / 1000)),
    errors,
    cpuMsPerOrder: round((used.user + used.system) / 1000 / Math.max(1, done)),
  };
}

/** `size` orders of `size` members sent at once: ms from the burst's start to each answer. */
async function burst(
  place: (i: number) => Promise<unknown>,
  size = BURST,
  rounds = BURST_ROUNDS,
): Promise<{ p50: number; p99: number; max: number }> {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: size }, async (_, i) => {
        await place(i);
        times.push(performance.now() - started);
      }),
    );
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => round(times[Math.min(times.length - 1, Math.floor(times.length * p))]!);
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** Median ms per call of each, interleaved call by call so machine noise hits both alike. */
async function perCall(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < SEQUENTIAL_CALLS; i++) {
    for (const [k, run] of [
      [0, a],
      [1, b],
    ] as const) {
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
  const gateway = new CcxtGateway({
    simUrl: sim.url,
    wsOrders: false,
    governor: new WeightGovernor({ limits: { spot: 1e9, futures: 1e9 } }),
  });
  const viaWebSocket = new CcxtGateway({
    simUrl: sim.url,
    governor: new WeightGovernor({ limits: { spot: 1e9, futures: 1e9 } }),
  });
  const viaCcxt = new CcxtGateway({
    simUrl: sim.url,
    directOrders: false,
    governor: new WeightGovernor({ limits: { spot: 1e9, futures: 1e9 } }),
  });
  try {
    const keys = await Promise.all(Array.from({ length: Math.max(CONCURRENCY, WIDE_BURST) }, () => createAccount(sim.url)));
    const members: MemberGateway[] = keys.map((k) => gateway.member(k));
    if (!(await viaWebSocket.openOrderConnection())) throw new Error('the order connection did not open');
    const wsMembers: MemberGateway[] = keys.map((k) => viaWebSocket.member(k));
    const ccxtMembers: MemberGateway[] = keys.map((k) => viaCcxt.member(k));
    const raws = keys.map((k) => simulatorCcxtClient(sim.url, k));
    const rawPlace = (i: number) =>
      raws[i]!.privatePostOrder({
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '0.01',
        price: '1000',
        timeInForce: 'GTC',
        newClientOrderId: `raw-${process.pid}-${++seq}`,
        newOrderRespType: 'FULL',
      });
    await throughput((i) => members[i]!.placeOrder(order())); // warm-up
    await throughput(rawPlace);
    const rawRun = await throughput(rawPlace);
    const gatewayRun = await throughput((i) => members[i]!.placeOrder(order()));
    const [rawMs, gatewayMs] = await perCall(
      () => rawPlace(0),
      () => members[0]!.placeOrder(order()),
    );
    const ccxtPathRun = await throughput((i) => ccxtMembers[i]!.placeOrder(order()));
    const burstCcxt = await burst((i) => ccxtMembers[i]!.placeOrder(order()));
    const burstDirect = await burst((i) => members[i]!.placeOrder(order()));
    const wsRun = await throughput((i) => wsMembers[i]!.placeOrder(order()));
    const burstWs = await burst((i) => wsMembers[i]!.placeOrder(order()));
    // The widest push, interleaved round by round so machine noise hits both paths alike.
    const wide = { websocket: [] as number[], direct: [] as number[] };
    for (let r = 0; r < 15; r++) {
      wide.websocket.push((await burst((i) => wsMembers[i]!.placeOrder(order()), WIDE_BURST, 1)).max);
      wide.direct.push((await burst((i) => members[i]!.placeOrder(order()), WIDE_BURST, 1)).max);
    }
    const median = (xs: number[]) => round(xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
    return {
      orderPath: {
        websocket: {
          cpuMsPerOrder: wsRun.cpuMsPerOrder,
          ordersPerSecond: wsRun.ordersPerSecond,
          burstMs: burstWs,
          overWebSocket: viaWebSocket.ordersOverWebSocket,
        },
        direct: { cpuMsPerOrder: gatewayRun.cpuMsPerOrder, ordersPerSecond: gatewayRun.ordersPerSecond, burstMs: burstDirect },
        ccxt: { cpuMsPerOrder: ccxtPathRun.cpuMsPerOrder, ordersPerSecond: ccxtPathRun.ordersPerSecond, burstMs: burstCcxt },
        burst: BURST,
        cpuRatio: round(gatewayRun.cpuMsPerOrder / ccxtPathRun.cpuMsPerOrder),
        burstP99Ratio: round(burstDirect.p99 / burstCcxt.p99),
        websocketToDirect: {
          cpuRatio: round(wsRun.cpuMsPerOrder / gatewayRun.cpuMsPerOrder),
          burstP99Ratio: round(burstWs.p99 / burstDirect.p99),
        },
        wideBurst: {
          orders: WIDE_BURST,
          lastAnswerMedianMs: { websocket: median(wide.websocket), direct: median(wide.direct) },
          ratio: round(median(wide.websocket) / median(wide.direct)),
        },
      },
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      order: 'spot LIMIT BUY, signed, FULL response, loopback',
      rawCcxtOrdersPerSecond: rawRun.ordersPerSecond,
      gatewayOrdersPerSecond: gatewayRun.ordersPerSecond,
      errors: rawRun.errors + gatewayRun.errors + ccxtPathRun.errors,
      sequentialMedianMsPerCall: { rawCcxt: round(rawMs), gateway: round(gatewayMs), gatewayOverhead: round(gatewayMs - rawMs) },
      simulator: 'own process',
      note: 'gateway = governor reservation + weight lookup + error mapping + parsing to decimal strings; limits lifted to measure code, not Binance',
    };
  } finally {
    await gateway.close();
    await viaWebSocket.close();
    await viaCcxt.close();
    await sim.stop();
  }
}

const round = (n: number) => Number(n.toFixed(3));
