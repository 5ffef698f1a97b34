/**
 * What the engine benches share (bench/engine.ts for bots, bench/cycles.ts for cycles): the
 * percentiles and memory readings they print, and the simulator they drive in its own process.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEFAULT_SYMBOLS } from '../../sim/index';
import { spawnScript } from './spawn-sim';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

export const round = (x: number, d = 2) => Number(x.toFixed(d));

export function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const pct = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0, 3);
  return { n: sorted.length, p50: pct(0.5), p99: pct(0.99), max: round(sorted.at(-1) ?? 0, 3) };
}

/** The heap and RSS after two full collections: what the process holds, not what it has yet to free. */
export function memory() {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss };
}

type SimMessage = { type: 'accounts'; keys: { apiKey: string; secretKey: string }[] };

/** The simulator in its own process, driven over IPC: accounts made there, prices set there. */
export async function startEngineSim(flushMs: number) {
  const sim = await spawnScript('./engine-sim-process.ts', { ...process.env, BENCH_SIM_FLUSH_MS: String(flushMs) }, true);
  const child = sim.child;
  const accounts = (count: number, balances: Record<string, string>) =>
    new Promise<SimMessage['keys']>((resolve) => {
      child.once('message', (m: SimMessage) => resolve(m.keys));
      child.send({ type: 'accounts', count, balances });
    });
  return {
    url: sim.url,
    pid: child.pid!,
    accounts,
    stop: sim.stop,
    setPrices: (prices: [string, string][]) => child.send({ type: 'prices', prices }),
  };
}

/** The simulator's symbols by name, and a price put on a symbol's tick. */
export const SPECS = new Map(DEFAULT_SYMBOLS.map((s) => [s.symbol, s]));
const decimals = (tick: string) => (tick.split('.')[1] ?? '').length;
export const toTick = (x: number, tick: string) => (Math.round(x / Number(tick)) * Number(tick)).toFixed(decimals(tick));
