/**
 * Request bodies of the Cycles calls (SPEC sections 5 and 7). Numbers arrive as forms send them
 * and leave as plain decimal strings; the server's cycles module checks what needs the pair's
 * rules or the cycle (the exchange minimum, the rounds already completed, a live pair).
 */
import * as yup from 'yup';
import { CYCLE_COUNT_MAX } from '../constants';
import { Decimal } from '../money';
import { VALIDATION } from '../messages';
import { startAmount, startCategory, startPair } from './runnable-start';
import { boundedText, decimalString, IDENTIFIER_MAX, withinDigits } from './input-bounds';

const comparable = (v: unknown): v is string => typeof v === 'string' && withinDigits(v);

/** A required price above 0, as a decimal string. */
function price(label: string) {
  return decimalString({
    label,
    numberMessage: VALIDATION.priceNumber(label),
    requiredMessage: VALIDATION.priceRequired(label),
    signed: true,
  }).test('positive', VALIDATION.priceAboveZero(label), (v) => !comparable(v) || new Decimal(v).gt(0));
}

/** A whole number of rounds, 1..CYCLE_COUNT_MAX. */
function roundCount(label: string) {
  return yup
    .number()
    .typeError(VALIDATION.cycleCountWhole)
    .required(VALIDATION.cycleCountRequired)
    .integer(VALIDATION.cycleCountWhole)
    .min(1, VALIDATION.cycleCountWhole)
    .max(CYCLE_COUNT_MAX, VALIDATION.cycleCountMax(label));
}

/** z <= b (SPEC section 5, Edit cycle) and b < s. */
function pricesInOrder<T extends yup.AnyObject>(schema: yup.ObjectSchema<T>, names: { buy: string; sell: string; stop: string }) {
  return schema
    .test('stop-loss-not-above-buy', VALIDATION.cycleStopLossAboveBuy, function (v: yup.AnyObject) {
      const [buy, stop] = [v[names.buy], v[names.stop]];
      if (!comparable(buy) || !comparable(stop) || new Decimal(stop).lte(buy)) return true;
      return this.createError({ path: names.stop, message: VALIDATION.cycleStopLossAboveBuy });
    })
    .test('sell-above-buy', VALIDATION.cycleSellNotAboveBuy, function (v: yup.AnyObject) {
      const [buy, sell] = [v[names.buy], v[names.sell]];
      if (!comparable(buy) || !comparable(sell) || new Decimal(sell).gt(buy)) return true;
      return this.createError({ path: names.sell, message: VALIDATION.cycleSellNotAboveBuy });
    });
}

const cycleId = boundedText({ label: 'cycle_id', max: IDENTIFIER_MAX }).required(VALIDATION.cycleIdRequired);

/** POST /api/stopcycle, /api/stopcyclewithsell. */
export const cycleIdBody = yup.object({ cycle_id: cycleId });

/** POST /api/startcycledata. Leverage's rule (a whole 1x..10x, Future only) is the start module's, as for bots. */
export const startCycleBody = pricesInOrder(
  yup.object({
    category: startCategory(),
    pair: startPair(),
    amount: startAmount().test('positive', VALIDATION.priceAboveZero('Amount'), (v) => !comparable(v) || new Decimal(v).gt(0)),
    priceReachAt: price('Buy at'),
    sellPriceAt: price('Sell at'),
    stopLossAt: price('Stop loss'),
    cycleCount: roundCount('Number of cycles'),
    leverage: yup.mixed<string | number>().nullable().optional(),
  }),
  { buy: 'priceReachAt', sell: 'sellPriceAt', stop: 'stopLossAt' },
);

/** POST /api/editcycle. */
export const editCycleBody = pricesInOrder(
  yup.object({
    cycle_id: cycleId,
    buy_price: price('Buy price'),
    sell_price: price('Sell price'),
    stop_loss: price('Stop loss'),
    no_of_cycle: roundCount('Number of cycles'),
  }),
  { buy: 'buy_price', sell: 'sell_price', stop: 'stop_loss' },
);
