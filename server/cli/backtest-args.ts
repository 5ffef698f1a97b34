/** Command-line arguments of `npm run backtest`. */
import { readCommandLine, type AnsweredCommandLine, type CommandLineSpec, type FlagValues } from '../../common/command-line';
import { UsageError } from './usage-error';

export const USAGE = `usage: npm run backtest -- --strategy FILE.json --prices FILE.csv --amount A
  [--fee 0.001] [--step 0.00001] [--tick 0.01] [--min-notional 5] [--profit-book P]
  [--pause X] [--restart Y] [--stoploss Z] [--protection K] [--json]
or:    npm run backtest -- --mode cycle --amount A --buy B --sell S --stoploss Z --cycles C
  --prices FILE.csv [--fee 0.001] [--step 0.00001] [--tick 0.01] [--min-notional 5] [--json]
or:    npm run backtest -- --help   this text`;

const text = 'string' as const;

const BACKTEST_COMMAND = {
  command: 'npm run backtest',
  usage: USAGE,
  flags: {
    strategy: text,
    prices: text,
    amount: text,
    fee: text,
    step: text,
    tick: text,
    'min-notional': text,
    'profit-book': text,
    pause: text,
    restart: text,
    stoploss: text,
    protection: text,
    mode: text,
    buy: text,
    sell: text,
    cycles: text,
    json: 'boolean',
  },
  maxPositionals: 0,
} satisfies CommandLineSpec;

type BacktestFlag = keyof typeof BACKTEST_COMMAND.flags;

export type BacktestMode = 'grid' | 'cycle';

export interface BacktestArgs {
  mode: BacktestMode;
  /** Grid mode only. */
  strategy: string;
  /** Cycle mode only: buy price, sell price and the number of cycles (the stop loss is `stoploss`). */
  buy?: string;
  sell?: string;
  cycles?: string;
  prices: string;
  amount: string;
  fee?: string;
  step?: string;
  tick?: string;
  minNotional?: string;
  profitBook?: string;
  pause?: string;
  restart?: string;
  stoploss?: string;
  protection?: string;
  json: boolean;
}

/** A string flag's value; a flag given without one is a usage error, as before. */
function valueOf(flags: FlagValues<BacktestFlag>, name: Exclude<BacktestFlag, 'json'>): string | undefined {
  const value = flags[name];
  if (value === null) throw new UsageError(`--${name} needs a value`);
  return value === true ? undefined : value;
}

/** The arguments to run a backtest with, or the answer to --help or an unknown flag. */
export function parseBacktestArgs(argv: string[]): BacktestArgs | AnsweredCommandLine {
  const line = readCommandLine(argv, BACKTEST_COMMAND);
  if (line.kind !== 'run') return line;
  const value = (name: Exclude<BacktestFlag, 'json'>) => valueOf(line.flags, name);
  const mode = value('mode') ?? 'grid';
  if (mode !== 'grid' && mode !== 'cycle') throw new UsageError(`--mode must be grid or cycle (got ${mode})`);
  const required =
    mode === 'grid'
      ? (['strategy', 'prices', 'amount'] as const)
      : (['prices', 'amount', 'buy', 'sell', 'stoploss', 'cycles'] as const);
  for (const name of required) {
    if (value(name) === undefined) throw new UsageError(`--${name} is required`);
  }
  const gridOnly = ['strategy', 'profit-book', 'pause', 'restart', 'protection'] as const;
  const cycleOnly = ['buy', 'sell', 'cycles'] as const;
  for (const name of mode === 'cycle' ? gridOnly : cycleOnly) {
    if (value(name) !== undefined) throw new UsageError(`--${name} does not apply to --mode ${mode}`);
  }
  return {
    mode,
    strategy: value('strategy') ?? '',
    buy: value('buy'),
    sell: value('sell'),
    cycles: value('cycles'),
    prices: value('prices')!,
    amount: value('amount')!,
    fee: value('fee'),
    step: value('step'),
    tick: value('tick'),
    minNotional: value('min-notional'),
    profitBook: value('profit-book'),
    pause: value('pause'),
    restart: value('restart'),
    stoploss: value('stoploss'),
    protection: value('protection'),
    json: line.flags.json === true,
  };
}
