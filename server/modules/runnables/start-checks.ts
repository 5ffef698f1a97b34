/**
 * The exchange's checks every kind of runnable makes before it starts: the pair is one the market
 * trades, the wallet holds the amount beside what the member's runnables and other starts under
 * way hold, and, on USD-M, the pair's margin brackets its liquidation price comes from. Each kind
 * names the refusal it answers with (its reason and SPEC's words for it).
 */
import type { BotCategory } from '../../../common/api/bots';
import { Decimal } from '../../../common/money';
import type { Reason } from '../../../common/reasons';
import type { LeverageBracket, Market, MarketInfo, MemberGateway } from '../../exchange/core/gateway';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import { DomainError } from '../errors';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { refusedKey } from '../keys/refused-key';

/** A refusal as the kind words it. */
export interface KindRefusal<Args extends unknown[]> {
  reason: Reason;
  message: (...args: Args) => string;
}

/** The pair's exchange rules (tick, step, minimums), or the kind's refusal when the market does not trade it. */
export async function pairRules(
  deps: ExchangeDeps,
  pair: string,
  market: Market,
  notTradable: KindRefusal<[pair: string]>,
): Promise<MarketInfo> {
  const markets = await surfaced(() => exchangeOf(deps).gateway.markets(market));
  const found = markets.find((m) => m.symbol === pair);
  if (!found) throw new DomainError(notTradable.reason, notTradable.message(pair));
  return found;
}

/**
 * The runnable's wallet (spot, or the futures wallet's available margin) must hold its amount
 * beside what the member's running bots, live cycles and other starts under way hold of it:
 * `atHand` is that free quote (wallet/quote-at-hand.ts, which reads this folder's reserves).
 */
export function checkFunds(atHand: Decimal, amount: Decimal, short: KindRefusal<[available: string, amount: string]>): void {
  const available = Decimal.max(0, atHand);
  if (available.lt(amount)) throw new DomainError(short.reason, short.message(available.toFixed(2), amount.toFixed()));
}

/** Future: the pair's maintenance-margin brackets, which the runnable's liquidation price comes from. */
export async function futuresRules(
  member: MemberGateway,
  input: { category: BotCategory; pair: string; leverage: number | null | undefined },
): Promise<{ leverage: number; brackets: LeverageBracket[] } | null> {
  if (input.category !== 'Future') return null;
  return { leverage: input.leverage!, brackets: await surfaced(() => member.leverageBrackets(input.pair).catch(refusedKey)) };
}
