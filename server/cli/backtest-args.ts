/** Command-line arguments of `npm run backtest`. */
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error';

export const USAGE = `usage: npm run backtest -- --strategy FILE.json --prices FILE.csv --amount A
  [--fee 0.001] [--step 0.00001] [--tick 0.01] [--min-notional 5] [--profit-book P]
  [--pause X] [--restart Y] [--stoploss Z] [--protection K] [--json]`;

export interface BacktestArgs {
  strategy: string;
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
  for (const required of ['strategy', 'prices', 'amount'] as const) {
    if (values[required] === undefined) throw new UsageError(`--${required} is required`);
  }
  return {
    strategy: values.strategy!,
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
      protection: text, json: { type: 'boolean' },
    },
  });
}
