/**
 * The simulator in its own process for bench:engine, driven over IPC (so the price driver costs
 * the engine's process nothing but a message): 'accounts' creates member accounts, 'prices' sets
 * prices through the control API's setPrice. Weight limits are lifted (the engine's own governor
 * still counts and paces what it sends); BENCH_SIM_FLUSH_MS sets the all-market array push
 * (default 1000 ms, as Binance). Prints its url on stdout.
 */
import { startSimulator } from '../../sim/index';

type Message =
  | { type: 'accounts'; count: number; balances: Record<string, string> }
  | { type: 'prices'; prices: [symbol: string, price: string][] };

const sim = await startSimulator({
  port: 0,
  randomWalk: false,
  arrayFlushMs: Number(process.env.BENCH_SIM_FLUSH_MS ?? 1000),
  weightLimits: { spot: 1e9, futures: 1e9, sapi: 1e9 },
});
process.on('message', (message: Message) => {
  if (message.type === 'accounts') {
    const keys = Array.from({ length: message.count }, () =>
      sim.control.createAccount({ balances: message.balances, ipRestrict: true }),
    );
    process.send?.({ type: 'accounts', keys });
  } else if (message.type === 'prices') {
    for (const [symbol, price] of message.prices) sim.control.setPrice(symbol, price);
  }
});
console.log(sim.url);
process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)));
