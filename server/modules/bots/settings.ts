/**
 * The Running Bot side panel's settings (SPEC sections 5 and 7): profit book & stop at (%),
 * overbuy grid protection, and the SL/TP prices. Reads answer from the bot's columns; edits
 * go through changeBot (settings + the engine's command in one transaction). null resets.
 */
import type { ProfitBookResponse, ProtectionValuesResponse, SltpValues } from '../../../common/api/bots';
import { Decimal } from '../../../common/money';
import { UI, VALIDATION } from '../../../common/messages';
import { DomainError } from '../errors';
import { assertRunning, ownBot, type BotRecord } from './access';
import type { CommandWait } from './commands';
import type { BotsDeps } from './deps';
import { changeBot } from './edit';
import { plainOrNull } from '../runnables/figures';
import { livePrices } from '../runnables/prices';

export async function profitBookAt(deps: BotsDeps, userId: string, botID: string): Promise<ProfitBookResponse> {
  return { profitbookat: plainOrNull((await ownBot(deps.db, userId, botID)).profitBook) };
}

export async function protectionValues(deps: BotsDeps, userId: string, botID: string): Promise<ProtectionValuesResponse> {
  const bot = await ownBot(deps.db, userId, botID);
  return { is_protection_active: bot.overbuyProtection !== null, protection_grid_at: bot.overbuyProtection };
}

export async function sltpValues(deps: BotsDeps, userId: string, botID: string): Promise<SltpValues> {
  const bot = await ownBot(deps.db, userId, botID);
  return {
    sell_all_and_pause_at_price: plainOrNull(bot.pausePrice),
    restart_at_price: plainOrNull(bot.restartPrice),
    stoploss_and_stopbot_at_price: plainOrNull(bot.stoplossPrice),
  };
}

/** `value` arrives as a decimal string (1..1000, checked by the body schema) or null. */
export function editProfitBook(deps: BotsDeps, userId: string, botID: string, value: string | null, wait?: CommandWait) {
  return changeBot(
    deps,
    userId,
    botID,
    {
      kind: 'settings',
      settings: () => ({ profitBook: value }),
      success: value === null ? UI.profitBookReset : UI.profitBookSaved,
    },
    wait,
  );
}

/** An integer 1..total_grid - 1; the bound depends on the bot, so it is checked on the locked row. */
function protectionGrid(bot: BotRecord, value: string): number {
  const max = bot.totalGrid - 1;
  const grid = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(grid) || grid < 1 || grid > max)
    throw new DomainError('validation.invalid', VALIDATION.overbuyRange(max));
  return grid;
}

export function editProtection(
  deps: BotsDeps,
  userId: string,
  botID: string,
  value: string | null,
  active: boolean,
  wait?: CommandWait,
) {
  const reset = !active || value === null;
  return changeBot(
    deps,
    userId,
    botID,
    {
      kind: 'settings',
      settings: (bot) => ({ overbuyProtection: reset ? null : protectionGrid(bot, value) }),
      success: reset ? UI.overbuyReset : UI.overbuySaved,
    },
    wait,
  );
}

export interface SltpPrices {
  sellAllAndPausePrice: string | null;
  restartPrice: string | null;
  stoplossPrice: string | null;
}

/** Pause above and stoploss below the live price, each checked only when set (SPEC section 5). */
function checkAgainstLive(prices: SltpPrices, live: string | null): void {
  if (live === null) return; // the bot has not seen a price yet: nothing to compare with
  if (prices.sellAllAndPausePrice !== null && !new Decimal(prices.sellAllAndPausePrice).gt(live)) {
    throw new DomainError('validation.invalid', VALIDATION.pausePriceAboveLive);
  }
  if (prices.stoplossPrice !== null && !new Decimal(prices.stoplossPrice).lt(live)) {
    throw new DomainError('validation.invalid', VALIDATION.stopLossBelowLive);
  }
}

export async function editSltp(deps: BotsDeps, userId: string, botID: string, prices: SltpPrices, wait?: CommandWait) {
  const reset = prices.sellAllAndPausePrice === null && prices.restartPrice === null && prices.stoplossPrice === null;
  // The price comes from the hub before the transaction: no exchange wait while the row is locked.
  const bot = await ownBot(deps.db, userId, botID);
  assertRunning(bot);
  const live = reset ? null : (await livePrices(deps.exchange, [bot])).known(bot);
  checkAgainstLive(prices, live);
  return changeBot(
    deps,
    userId,
    botID,
    {
      kind: 'settings',
      settings: () => ({
        pausePrice: prices.sellAllAndPausePrice,
        restartPrice: prices.restartPrice,
        stoplossPrice: prices.stoplossPrice,
      }),
      success: reset ? UI.sltpReset : UI.sltpUpdated,
    },
    wait,
  );
}
