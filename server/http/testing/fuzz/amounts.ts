/**
 * Amounts across the whole range a member can type (issue 34, item 11): dust, exactly the
 * minimums (the bot's, a cycle's minimum order at its buy price) and a hair under them, a share
 * of the wallet and all of it, exactly the ceiling and a hair over it, 1e20 and far beyond; each
 * sent as a JSON string or a JSON number (a number past 2^53 or with many decimals arrives as the
 * float the client's JSON made of it, as it would from any client).
 */
import fc from 'fast-check';
import { AMOUNT_CEILING } from '../../../../common/constants';
import { Decimal } from '../../../../common/money';

export type AmountPick =
  | { kind: 'fixed'; text: string; asNumber: boolean }
  | { kind: 'botMinimum' | 'cycleMinimum' | 'ceiling'; offset: string; asNumber: boolean }
  | { kind: 'wallet'; share: string; asNumber: boolean };

const EPSILON = '0.000000000000000001';

/** Fixed amounts: dust, everyday ones, the ceiling's neighbours and far past it. */
export const FIXED_AMOUNTS: readonly string[] = [
  EPSILON,
  '0.00000001',
  '0.5',
  '1',
  '4.99',
  '5',
  '10',
  '99.5',
  '250',
  '500',
  '1234.56789',
  '2500',
  '5000',
  '12000',
  '99999',
  '1000000',
  '123456789.123456789',
  '99999999999',
  '999999999999.999999999999999999',
  '1000000000001',
  '99999999999999999999',
  `1${'0'.repeat(20)}`,
  `1${'0'.repeat(30)}`,
  `${'9'.repeat(20)}.${'9'.repeat(18)}`,
  '0',
  '-5',
  '1e20',
  '1E12',
  '1e-7',
];

const asNumber = fc.boolean();

/** Weighted to reach past the amount rules more often than not: the old fuzz already sends every malformed amount. */
export const amountPick: fc.Arbitrary<AmountPick> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('fixed' as const), text: fc.constantFrom(...FIXED_AMOUNTS), asNumber }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fixed' as const),
      asNumber,
      text: fc
        .tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 999_999 }))
        .map(([whole, part]) => `${whole}.${part}`),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fixed' as const),
      asNumber: fc.constant(true),
      text: fc.double({ min: 1e-12, max: 1e30, noNaN: true }).map((n) => String(n)),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('botMinimum' as const, 'cycleMinimum' as const),
      offset: fc.constantFrom(`-${EPSILON}`, '0', '0', '0.01'),
      asNumber,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('ceiling' as const),
      offset: fc.constantFrom(`-${EPSILON}`, '0', EPSILON, '1'),
      asNumber,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('wallet' as const),
      share: fc.constantFrom('0.05', '0.1', '0.2', '0.34', '0.5', '1', '1.01'),
      asNumber,
    }),
  },
);

/** What an amount pick is measured against at the time it is sent. */
export interface AmountContext {
  botMinimum: Decimal;
  /** The least amount whose round buys the pair's minimum order at the cycle's buy price. */
  cycleMinimum: Decimal;
  /** The USDT the member's wallet of the start was given. */
  wallet: Decimal;
}

/** The amount as sent: a decimal string, or the JSON number a client would make of it. */
export function amountOf(pick: AmountPick, context: AmountContext): string | number {
  let text: string;
  switch (pick.kind) {
    case 'fixed':
      text = pick.text;
      break;
    case 'botMinimum':
      text = context.botMinimum.plus(pick.offset).toFixed();
      break;
    case 'cycleMinimum':
      text = context.cycleMinimum.plus(pick.offset).toFixed();
      break;
    case 'ceiling':
      text = new Decimal(AMOUNT_CEILING).plus(pick.offset).toFixed();
      break;
    case 'wallet':
      text = context.wallet.times(pick.share).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
      break;
  }
  return pick.asNumber ? Number(text) : text;
}

/** The least amount A whose floor(A / price, step) x price reaches minNotional. */
export function cycleMinimum(price: Decimal, stepSize: string, minNotional: string): Decimal {
  const step = new Decimal(stepSize);
  if (!price.gt(0) || !step.gt(0)) return new Decimal(minNotional || '0');
  const quantity = new Decimal(minNotional || '0').div(price).div(step).ceil().times(step);
  return Decimal.max(step, quantity).times(price);
}
