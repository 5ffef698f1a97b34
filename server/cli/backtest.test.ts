import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { candleWalk } from '../../trading/index';
import { main } from './backtest';

const fixtures = join(import.meta.dirname, 'backtest-fixtures');
const strategy = join(fixtures, 'strategy-3-grids.json');

async function cli(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const scenarios = readdirSync(fixtures).filter((f) => statSync(join(fixtures, f)).isDirectory());

describe('backtest CLI golden files', () => {
  it('has the seven hand-checked scenarios', () => {
    expect(scenarios.sort()).toEqual([
      'min-notional-skip',
      'overbuy-protection',
      'pause-restart',
      'profit-book',
      'stoploss',
      'trailing-buy',
      'trailing-take-profit',
    ]);
  });

  it.each(scenarios)('%s matches expected.json', async (name) => {
    const dir = join(fixtures, name);
    const args = JSON.parse(readFileSync(join(dir, 'args.json'), 'utf8')) as string[];
    const { code, out, err } = await cli(['--strategy', strategy, '--prices', join(dir, 'prices.csv'), ...args, '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')));
    if (name === 'min-notional-skip') expect(err).toContain('skipped buy of grid 2 at 98.98');
    else expect(err).toBe('');
  });

  it('prints a readable table and summary without --json', async () => {
    const { code, out } = await cli([
      '--strategy',
      strategy,
      '--prices',
      join(fixtures, 'stoploss', 'prices.csv'),
      '--amount',
      '1000',
      '--stoploss',
      '95',
    ]);
    expect(code).toBe(0);
    expect(out).toMatch(/sell\s+0\s+95\s+7\.03091/);
    expect(out).toContain('status          stopped');
  });
});

describe('backtest CLI errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'backtest-'));
  const bad = join(dir, 'bad.csv');
  writeFileSync(bad, 'timestamp,price\n1000,100\n2000,abc\n');
  const prices = join(fixtures, 'trailing-buy', 'prices.csv');

  it.each([
    ['a missing --amount', ['--strategy', strategy, '--prices', prices], 2, '--amount is required'],
    ['an unknown option', ['--strategy', strategy, '--prices', prices, '--amount', '1', '--nope'], 2, 'Unknown option'],
    [
      'a missing prices file',
      ['--strategy', strategy, '--prices', join(dir, 'none.csv'), '--amount', '1'],
      2,
      'cannot read the prices file',
    ],
    [
      'a missing strategy file',
      ['--strategy', join(dir, 'none.json'), '--prices', prices, '--amount', '1'],
      2,
      'cannot read the strategy file',
    ],
    ['a bad amount', ['--strategy', strategy, '--prices', prices, '--amount', 'ten'], 1, 'investment must be a number'],
    [
      'a bad price line',
      ['--strategy', strategy, '--prices', bad, '--amount', '1000'],
      1,
      'line 3: "abc" is not a positive price',
    ],
  ])('exits non-zero with a clear message on %s', async (_name, argv, code, message) => {
    const result = await cli(argv as string[]);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
    expect(result.out).toBe('');
  });
});

describe('candle walk', () => {
  it('walks open, low, high, close when the candle closes at or above its open, else open, high, low, close', () => {
    expect(candleWalk('100', '105', '95', '100')).toEqual(['100', '95', '105', '100']);
    expect(candleWalk('100', '105', '95', '99.99')).toEqual(['100', '105', '95', '99.99']);
  });
});
