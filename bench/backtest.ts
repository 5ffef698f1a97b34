/**
 * bench:backtest - one year of one-minute prices (525,600 ticks, seeded random walk) through a
 * 50-grid strategy: the core (trading/) against the decimal-per-tick reference
 * (bench/reference-grid.ts) over the same prices in the same run. Both must produce identical
 * trades. Prints one JSON document; never fails on a timing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { botParams, marketRules, normaliseStrategy, runBacktest } from '../trading/index';
import { yearOfMinutes } from './prices';
import { referenceBacktest } from './reference-grid';

const TICKS = 525_600;
const GRIDS = 50;
const TARGET_TICKS_PER_SECOND = 5_000_000;
/** The core is timed this many times and the median run is reported (the reference once). */
const CORE_RUNS = 7;
const WARMUP_RUNS = 3;

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

function strategy() {
  const tableData = Array.from({ length: GRIDS }, (_, i) => ({
    gridNo: i + 1,
    allottedAmountPercentagePerOrder: 2,
    buyPercentage: 1.2,
    buyPercentageUp: 0.2,
    takeProfitPercentage: 1.2,
    takeProfitPercentageDown: 0.2,
  }));
  return normaliseStrategy({ strategyName: 'bench-50', noOfGrids: GRIDS, tableData });
}

/** No forced gc() before a timed run: a full collection there halves the next run's speed. */
function time<T>(fn: () => T): { result: T; seconds: number } {
  const start = process.hrtime.bigint();
  const result = fn();
  return { result, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

/** Heap retained by one run (its result held): the trade list, not the ticks. */
function heapGrowth(fn: () => { trades: unknown[] }): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const result = fn();
  gc();
  const growth = process.memoryUsage().heapUsed - before;
  return result.trades.length >= 0 ? growth : 0;
}

function main(): void {
  const ticks = yearOfMinutes(TICKS);
  const config = { strategy: strategy(), params: botParams({ investment: 10_000 }), market: marketRules() };
  // Warm the JIT: V8 needs a few full passes before the hot loop runs fully optimised code.
  for (let i = 0; i < WARMUP_RUNS; i++) runBacktest(ticks, config);
  const runs = Array.from({ length: CORE_RUNS }, () => time(() => runBacktest(ticks, config)));
  const core = [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(CORE_RUNS / 2)]!;
  const best = Math.min(...runs.map((r) => r.seconds));
  runs.length = 0;
  const heapGrowthBytes = heapGrowth(() => runBacktest(ticks, config));
  const reference = time(() => referenceBacktest(ticks, config.strategy, config.params, config.market));
  const identical = JSON.stringify(core.result.trades) === JSON.stringify(reference.result.trades);
  const coreRate = Math.round(TICKS / core.seconds);
  const referenceRate = Math.round(TICKS / reference.seconds);
  const trades = core.result.trades.length;
  console.log(
    JSON.stringify(
      {
        bench: 'backtest',
        ticks: TICKS,
        grids: GRIDS,
        trades,
        identicalTrades: identical,
        core: {
          seconds: core.seconds,
          ticksPerSecond: coreRate,
          bestTicksPerSecond: Math.round(TICKS / best),
          runs: CORE_RUNS,
          // Retained after the run: the trade list and the result; independent of the tick count.
          heapGrowthBytes,
          heapGrowthPerTradeBytes: Math.round(heapGrowthBytes / Math.max(trades, 1)),
        },
        reference: { seconds: reference.seconds, ticksPerSecond: referenceRate },
        ratio: Number((coreRate / referenceRate).toFixed(1)),
        target: { ticksPerSecond: TARGET_TICKS_PER_SECOND, met: coreRate >= TARGET_TICKS_PER_SECOND },
        summary: core.result.summary,
        maxDrawdown: core.result.maxDrawdown,
      },
      null,
      2,
    ),
  );
  if (!identical) process.exitCode = 1;
}

main();
