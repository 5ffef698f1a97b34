/**
 * `npm run backtest -- --mode cycle ...`: a cycle over a price file through the live cycle core
 * (trading/cycle), printed in the grid backtester's shape: the trades (`grid` is the
 * round), the summary, and with --json exactly {trades, summary, cycle}.
 */
import { createCycleBacktest, cycleParams, marketRules, type CycleSkip } from '../../trading/index';
import type { BacktestArgs } from './backtest-args';
import { formatTable, pushTicks, type Output } from './backtest-output';

export function cycleSkipLine(s: CycleSkip): string {
  return `skipped ${s.side} of order ${s.slot} at ${s.price}: ${s.reason}\n`;
}

export async function runCycleCli(args: BacktestArgs, io: Output): Promise<number> {
  const backtest = createCycleBacktest({
    params: cycleParams({
      amount: args.amount,
      count: args.cycles!,
      buyPrice: args.buy!,
      sellPrice: args.sell!,
      stopLoss: args.stoploss!,
    }),
    market: marketRules({ feeRate: args.fee, stepSize: args.step, tickSize: args.tick, minNotional: args.minNotional }),
  });
  await pushTicks(args.prices, (tick) => backtest.push(tick));
  const result = backtest.finish();
  for (const s of result.skipped) io.err(cycleSkipLine(s));
  if (args.json) {
    io.out(JSON.stringify({ trades: result.trades, summary: result.summary, cycle: result.cycle }) + '\n');
  } else {
    io.out(
      formatTable(result) +
        `cycles          ${result.cycle.completed} of ${result.cycle.count}${result.cycle.end ? ` (${result.cycle.end})` : ''}\n`,
    );
  }
  return 0;
}
