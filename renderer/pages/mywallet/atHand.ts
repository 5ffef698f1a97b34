/**
 * Money at hand as the Wallet shows it: what the member may move or sell (`free`) and what their
 * running bots and cycles hold (`inBots`), read from the server's figures. A figure that is not a
 * number is null, never a zero: a server that predates them gives the exchange's figure as free
 * and no in-bot amount, which the screens then leave out.
 */
import type { MoneyAtHand } from '../../../common/api/exchange';
import { Decimal } from '../../../common/money';

export interface AtHand {
  free: string | null;
  inBots: string | null;
}

/** A decimal string the member can rely on, or null. */
export function usable(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  try {
    return new Decimal(value).isFinite() ? value : null;
  } catch {
    return null;
  }
}

/** `exchangeFree`: the exchange's figure, free when the server did not say. */
export function atHandOf(figures: MoneyAtHand | undefined, exchangeFree: string | null | undefined): AtHand {
  return { free: usable(figures?.free) ?? usable(exchangeFree), inBots: usable(figures?.inBots) };
}

/** Whether some of it is held by bots (a known, positive in-bot amount). */
export function heldByBots(atHand: AtHand): boolean {
  return atHand.inBots !== null && new Decimal(atHand.inBots).gt(0);
}
