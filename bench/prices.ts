/** Seeded one-minute price paths for the benchmarks: the same path on every run. */
import { seededRandom as prng } from '../sim/rng';
import type { Tick } from '../trading/index';

/** A random walk in whole cents (about 0.05 % a minute). toFixed(2) of cents / 100 gives back
 * exactly those cents, as a flat string like a file reader produces. */
export function yearOfMinutes(count: number, seed = 42): Tick[] {
  const rnd = prng(seed);
  const ticks: Tick[] = new Array(count);
  let cents = 3_000_000;
  for (let i = 0; i < count; i++) {
    const move = Math.round(cents * 0.0005 * (rnd() + rnd() + rnd() - 1.5) * 2);
    cents = Math.max(100_000, cents + move);
    ticks[i] = { ts: 1_704_067_200_000 + i * 60_000, price: (cents / 100).toFixed(2) };
  }
  return ticks;
}
