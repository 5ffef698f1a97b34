/**
 * The Wallet's two amount rules (SPEC section 5), checked as decimal strings so a balance like
 * 0.1 + 0.2 is never compared through floats. Both stop at what is free: an amount the wallet
 * holds but running bots or cycles keep is refused with its own message, so the member knows why.
 */
import * as yup from 'yup';
import { Decimal } from '../../../common/money';
import { VALIDATION } from '../../../common/messages';
import { assetBalance } from './assetBalance';
import type { AtHand } from './atHand';

const DECIMAL = /^\d+(\.\d+)?$/;
const isAmount = (v: string | undefined): v is string => !!v && DECIMAL.test(v.trim());

/** The held-by-bots message when `amount` is above free but within what bots hold on top of it; else null. */
function heldByBotsMessage(amount: Decimal, atHand: AtHand, asset: string, limit: string): string | null {
  if (atHand.free === null || atHand.inBots === null || !new Decimal(atHand.inBots).gt(0)) return null;
  if (amount.lte(atHand.free) || amount.gt(limit)) return null;
  return VALIDATION.heldByBots(assetBalance(asset, atHand.inBots), asset);
}

/** Transfer: a positive amount no larger than the free USDT of the source side. */
export function transferSchema(atHand: () => AtHand) {
  return yup.object({
    amount: yup
      .string()
      .trim()
      .required(VALIDATION.amountRequired)
      .test('number', VALIDATION.amountPositive, (v) => isAmount(v) && new Decimal(v).gt(0))
      .test('within', (v, context) => {
        if (!isAmount(v)) return true;
        const now = atHand();
        const amount = new Decimal(v);
        if (amount.lte(now.free ?? '0')) return true;
        // What bots hold comes on top of free in the exchange's transferable balance.
        const transferable = new Decimal(now.free ?? '0').plus(now.inBots ?? '0').toFixed();
        return context.createError({
          message: heldByBotsMessage(amount, now, 'USDT', transferable) ?? VALIDATION.transferExceeds,
        });
      }),
  });
}

/** Swap: greater than 0 and at most the asset's free amount ('Enter a valid amount' for every other miss). */
export function swapSchema(asset: () => { name: string; balance: string; atHand: AtHand }) {
  return yup.object({
    amount: yup
      .string()
      .trim()
      .test('valid', (v, context) => {
        if (!isAmount(v) || !new Decimal(v).gt(0)) return context.createError({ message: VALIDATION.swapInvalid });
        const { name, balance, atHand } = asset();
        const amount = new Decimal(v);
        if (amount.lte(atHand.free ?? balance)) return true;
        return context.createError({ message: heldByBotsMessage(amount, atHand, name, balance) ?? VALIDATION.swapInvalid });
      }),
  });
}
