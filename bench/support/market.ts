/** The simulator's pairs as the benches trade them: each symbol's spec and rules, prices on its tick, and funded accounts. */
import { DEFAULT_SYMBOLS } from '../../sim/index';
import type { BenchRules } from './bots';

/** The simulator's symbols by name. */
export const SPECS = new Map(DEFAULT_SYMBOLS.map((s) => [s.symbol, s]));

const decimals = (tick: string) => (tick.split('.')[1] ?? '').length;
/** A price put on a symbol's tick, written with the tick's decimals. */
export const toTick = (x: number, tick: string) => (Math.round(x / Number(tick)) * Number(tick)).toFixed(decimals(tick));

/** A simulator symbol's rules as a bots or cycles row stores them, with the simulator's 0.1 % fee. */
export function rulesOf(spec: { stepSize: string; tickSize: string; minNotional: string }): BenchRules {
  return { stepSize: spec.stepSize, tickSize: spec.tickSize, minNotional: spec.minNotional, feeRate: '0.001' };
}

/** Simulator account balances: a billion USDT, and `base` of the base asset of each of `symbols` (all ...USDT). */
export function fundedBalances(symbols: readonly string[], base: string): Record<string, string> {
  return Object.fromEntries([['USDT', '1000000000'], ...symbols.map((s) => [s.slice(0, -4), base])]);
}
