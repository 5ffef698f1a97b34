import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './backtest';

const dir = mkdtempSync(join(tmpdir(), 'backtest-cycle-'));
const prices = join(dir, 'prices.csv');
// Rests a buy at 95 (crossed at 94: filled at 95), a sell at 105 (crossed at 106), round 2 the
// same, then the price falls through the stop loss with nothing held: Completed after 2 rounds.
writeFileSync(
  prices,
  'timestamp,price\n' +
    ['100', '94', '99', '106', '100', '95', '105', '70'].map((p, i) => `${(i + 1) * 60_000},${p}`).join('\n') +
    '\n',
);

/** The cycle arguments with one option's value changed. */
const withArg = (name: string, value: string) => cycleArgs.map((a, i) => (cycleArgs[i - 1] === name ? value : a));

async function cli(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const cycleArgs = [
  '--mode',
  'cycle',
  '--amount',
  '1000',
  '--buy',
  '95',
  '--sell',
  '105',
  '--stoploss',
  '80',
  '--cycles',
  '2',
  '--prices',
  prices,
  '--step',
  '0.001',
];

describe('npm run backtest -- --mode cycle', () => {
  it("prints the grid backtester's shape with --json: trades by round, the summary and the cycle", async () => {
    const { code, out, err } = await cli([...cycleArgs, '--json']);
    expect(code).toBe(0);
    expect(err).toBe('');
    const result = JSON.parse(out) as {
      trades: { side: string; grid: number; price: string; qty: string; ts: number }[];
      summary: Record<string, unknown>;
      cycle: unknown;
    };
    expect(Object.keys(result)).toEqual(['trades', 'summary', 'cycle']);
    expect(result.trades.map((t) => `${t.ts} ${t.side} ${t.grid} ${t.qty}@${t.price}`)).toEqual([
      '120000 buy 1 10.526@95',
      '240000 sell 1 10.526@105',
      '360000 buy 2 10.526@95',
      '420000 sell 2 10.526@105',
    ]);
    expect(result.summary).toMatchObject({ trades: 4, heldQty: '0', status: 'stopped', maxGridsHeld: 1 });
    expect(result.cycle).toEqual({ completed: 2, count: 2, end: 'completed' });
  });

  it('prints a table, the summary and the rounds without --json', async () => {
    const { code, out } = await cli(cycleArgs);
    expect(code).toBe(0);
    expect(out).toMatch(/sell\s+2\s+105\s+10\.526/);
    expect(out).toContain('cycles          2 of 2 (completed)');
  });

  it.each([
    [
      'a missing --buy',
      ['--mode', 'cycle', '--amount', '1000', '--sell', '105', '--stoploss', '80', '--cycles', '2', '--prices', prices],
      2,
      '--buy is required',
    ],
    ['a grid option', [...cycleArgs, '--strategy', 'x.json'], 2, '--strategy does not apply to --mode cycle'],
    ['an unknown mode', ['--mode', 'scalp', ...cycleArgs.slice(2)], 2, '--mode must be grid or cycle'],
    ['a stop loss above the buy price', withArg('--stoploss', '96'), 1, 'the stop loss must not be above the buy price'],
    ['a sell price not above the buy price', withArg('--sell', '95'), 1, 'the sell price must be above the buy price'],
    ['no whole number of cycles', withArg('--cycles', '1.5'), 1, 'the number of cycles must be a whole number'],
  ])('exits non-zero with a clear message on %s', async (_name, argv, code, message) => {
    const result = await cli(argv as string[]);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
    expect(result.out).toBe('');
  });
});
