/** Scripted klines for the backtest tests: a slow saw between 94 and 106 with wicks. */
import type { Kline } from '../../../../common/api/exchange';
import { Decimal } from '../../../../common/money';

const SAW = [
  '100',
  '99',
  '98',
  '97.5',
  '96',
  '95',
  '96.5',
  '98',
  '99.5',
  '101',
  '102.5',
  '104',
  '105',
  '103.5',
  '102',
  '100.5',
  '99',
  '97.5',
  '96',
  '94.5',
];

/** `count` candles `stepSeconds` apart ending before `endSeconds`; candle i opens at SAW[i] and closes at SAW[i+1]. */
export function scriptedKlines(count: number, stepSeconds = 3_600, endSeconds = 1_700_000_000): Kline[] {
  return Array.from({ length: count }, (_, i) => {
    const open = new Decimal(SAW[i % SAW.length]!);
    const close = new Decimal(SAW[(i + 1) % SAW.length]!);
    return {
      time: endSeconds - (count - i) * stepSeconds,
      open: open.toFixed(),
      high: Decimal.max(open, close).plus('0.4').toFixed(),
      low: Decimal.min(open, close).minus('0.4').toFixed(),
      close: close.toFixed(),
      volume: '1',
    };
  });
}
