/** Command-line arguments of `npm run backtest`. */
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error';

export const USAGE = `usage: npm run backtest -- --strategy FILE.json --prices FILE.csv --amount A
  [--fee 0.001] [--step 0.00001] [--tick 0.01] [--min-notional 5] [--profit-book P]
  [--pause X] [--restart Y] [--stoploss Z] [--protection K] [--json]
or:    npm run backtest -- --mode cycle --amount A --buy B --sell S --stoploss Z --cycles C
  --prices FILE.csv [--fee 0.001] [--step 0.00001] [--tick 0.01] [--min-notional 5] [--json]`;

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

const text = { type: 'string' } as const;

export function parseBacktestArgs(argv: string[]): BacktestArgs {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const mode = values.mode ?? 'grid';
  if (mode !== 'grid' && mode !== 'cycle') throw new UsageError(`--mode must be grid or cycle (got ${mode})`);
  const required = mode === 'grid' ? (['strategy', 'prices', 'amount'] as const) : (['prices', 'amount', 'buy', 'sell', 'stoploss', 'cycles'] as const);
  for (const name of required) {
    if (values[name] === undefined) throw new UsageError(`--${name} is required`);
  }
  const gridOnly = ['strategy', 'profit-book', 'pause', 'restart', 'protection'] as const;
  const cycleOnly = ['buy', 'sell', 'cycles'] as const;
  for (const name of mode === 'cycle' ? gridOnly : cycleOnly) {
    if (values[name] !== undefined) throw new UsageError(`--${name} does not apply to --mode ${mode}`);
  }
  return {
    mode,
    strategy: values.strategy ?? '',
    buy: values.buy,
    sell: values.sell,
    cycles: values.cycles,
    prices: values.prices!,
    amount: values.amount!,
    fee: values.fee,
    step: values.step,
    tick: values.tick,
    minNotional: values['min-notional'],
    profitBook: values['profit-book'],
    pause: values.pause,
    restart: values.restart,
    stoploss: values.stoploss,
    protection: values.protection,
    json: values.json ?? false,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      strategy: text, prices: text, amount: text, fee: text, step: text, tick: text,
      'min-notional': text, 'profit-book': text, pause: text, restart: text, stoploss: text,
      protection: text, mode: text, buy: text, sell: text, cycles: text, json: { type: 'boolean' },
    },
  });
}
