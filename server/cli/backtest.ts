/**
 * `npm run backtest -- --strategy FILE.json --prices FILE.csv --amount A [...]`: runs a
 * strategy over a price file through the same core the live engine drives (trading/).
 * This file does the I/O (files, stdout); the backtest itself is pure.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { answerCommandLine } from '../../common/command-line';
import { backtestConfig, createBacktest, TradingInputError } from '../../trading/index';
import type { BacktestInputs, BacktestResult, SkipAction, StrategyInput } from '../../trading/index';
import { runCycleCli } from './backtest-cycle';
import { formatTable, pushTicks, type Output } from './backtest-output';
import { parseBacktestArgs, USAGE, type BacktestArgs } from './backtest-args';
import { CsvError } from './backtest-csv';
import { UsageError } from './usage-error';

const processOutput: Output = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

async function readStrategy(path: string): Promise<StrategyInput> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the strategy file ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(raw) as StrategyInput;
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The flags, named as the core's one config builder (backtestConfig) reads them. */
function flagInputs(args: BacktestArgs, strategy: StrategyInput): BacktestInputs {
  return {
    strategy,
    market: { feeRate: args.fee, stepSize: args.step, tickSize: args.tick, minNotional: args.minNotional },
    params: {
      investment: args.amount,
      profitBook: args.profitBook,
      pausePrice: args.pause,
      restartPrice: args.restart,
      stoplossPrice: args.stoploss,
      overbuyProtection: args.protection,
    },
  };
}

async function run(args: BacktestArgs): Promise<BacktestResult> {
  const backtest = createBacktest(backtestConfig(flagInputs(args, await readStrategy(args.strategy))));
  await pushTicks(args.prices, (tick) => backtest.push(tick));
  return backtest.finish();
}

export function skipLine(s: SkipAction): string {
  const what = s.grid === 0 ? 'sell-all' : `${s.side} of grid ${s.grid}`;
  return `skipped ${what} at ${s.price} (ts ${s.ts}): ${s.reason}\n`;
}

/** The CLI, callable in-process (tests): returns the exit code. */
export async function main(argv: string[], io: Output = processOutput): Promise<number> {
  try {
    const args = parseBacktestArgs(argv);
    if ('kind' in args)
      return answerCommandLine(args, { out: (text) => io.out(`${text}\n`), err: (text) => io.err(`${text}\n`) });
    if (args.mode === 'cycle') return await runCycleCli(args, io);
    const result = await run(args);
    // Skips go to stderr so --json stays exactly {trades, summary}; never silent.
    for (const s of result.skipped) io.err(skipLine(s));
    io.out(args.json ? JSON.stringify({ trades: result.trades, summary: result.summary }) + '\n' : formatTable(result));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`backtest: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof TradingInputError || error instanceof CsvError) {
      io.err(`backtest: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`backtest: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
