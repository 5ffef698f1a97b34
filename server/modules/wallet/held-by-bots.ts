/**
 * The server's side of "money at hand": a transfer or swap may take only what the member's running
 * bots and cycles leave free of the asset, whatever client sent it (the Wallet's form already
 * stops there). Checked after the exchange's own free balance, so the SPEC refusal comes first.
 */
import type { Decimal } from '../../../common/money';
import { formatQuantity, formatUsdt } from '../../../common/format';
import { VALIDATION } from '../../../common/messages';
import type { Db } from '../../db/database';
import type { Market } from '../../exchange/core/gateway';
import { DomainError } from '../errors';
import { memberHoldings } from './holdings';
import { holdingsFor, moneyAtHand } from './money-at-hand';

export async function refuseHeldByBots(
  db: Db,
  userId: string,
  market: Market,
  asset: string,
  balance: { free: string; total: string } | undefined,
  amount: Decimal,
): Promise<void> {
  const { free, inBots } = moneyAtHand(balance, holdingsFor(await memberHoldings(db, userId), market, asset));
  if (amount.lte(free)) return;
  const held = asset === 'USDT' ? formatUsdt(inBots) : formatQuantity(inBots);
  throw new DomainError('wallet.insufficient_funds', VALIDATION.heldByBots(held, asset));
}
