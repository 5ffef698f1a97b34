/**
 * What a new bot or cycle may commit of its wallet's USDT: the member's money at hand
 * (money-at-hand.ts, the rule the wallet shows) with every running bot, live cycle and other start
 * under way counted in, from the exchange's free balance read now.
 *
 * The exchange is read before the rows: a start under way found in the rows then had nothing
 * placed when the balance was read (its orders come after its row is gone), so counting its
 * amount out of free is right; a cycle found live may or may not have its buy resting yet, which
 * money at hand tells apart by what the exchange has locked.
 */
import { Decimal } from '../../../common/money';
import type { Market, MemberGateway } from '../../exchange/core/gateway';
import { surfaced } from '../../exchange/domain-errors';
import type { Db } from '../../db/database';
import type { Clock } from '../clock';
import { refusedKey } from '../keys/refused-key';
import { memberHoldings } from './holdings';
import { holdingsFor, moneyAtHand } from './money-at-hand';

export const walletOf = (category: string): Market => (category === 'Future' ? 'futures' : 'spot');

export async function quoteAtHand(
  db: Db,
  clock: Clock,
  userId: string,
  member: MemberGateway,
  category: string,
  ownStartId: string,
): Promise<Decimal> {
  const market = walletOf(category);
  const balances = await surfaced(() => member.balances(market).catch(refusedKey));
  const holdings = (await memberHoldings(db, userId, clock)).filter((h) => h.holder.id !== ownStartId);
  return new Decimal(moneyAtHand(balances.USDT, holdingsFor(holdings, market, 'USDT')).free);
}
