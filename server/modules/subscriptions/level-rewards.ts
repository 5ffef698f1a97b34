/**
 * Referral level income: on each purchase every sponsor up the chain (level 1 = the buyer's
 * sponsor) gets their level's percentage of the plan's USDT price, as a reward record and a
 * USDT_REWARD ledger credit, in the purchase's transaction. Both are keyed on (purchase, level),
 * so a reward is credited once. Levels follow the levelPercentages setting.
 */
import { eq } from 'drizzle-orm';
import { Decimal } from '../../../common/decimal';
import type { Db } from '../../db/database';
import { levelRewards, users } from '../../db/schema';
import { post } from '../ledger/post';
import { getSetting } from '../settings/settings';

/** Rewards are credited to the cent's ten-thousandth; the rest of a share stays unpaid. */
export const REWARD_DECIMALS = 8;

export interface Purchase {
  subscriptionId: string;
  buyerId: string;
  usdtValue: string;
}

/** The buyer's sponsors, nearest first, at most `levels` of them; a cycle ends the chain. */
async function sponsorChain(db: Db, buyerId: string, levels: number): Promise<string[]> {
  const chain: string[] = [];
  const seen = new Set([buyerId]);
  let current = buyerId;
  while (chain.length < levels) {
    const [row] = await db.select({ sponsorId: users.sponsorId }).from(users).where(eq(users.id, current));
    const sponsor = row?.sponsorId ?? null;
    if (sponsor === null || seen.has(sponsor)) break;
    chain.push(sponsor);
    seen.add(sponsor);
    current = sponsor;
  }
  return chain;
}

export function shareOf(usdtValue: Decimal.Value, percentage: Decimal.Value): Decimal {
  return new Decimal(usdtValue).mul(percentage).div(100).toDecimalPlaces(REWARD_DECIMALS, Decimal.ROUND_DOWN);
}

/** Call inside the purchase's transaction. */
export async function distributeLevelRewards(tx: Db, purchase: Purchase): Promise<number> {
  const percentages = await getSetting(tx, 'levelPercentages');
  const sponsors = await sponsorChain(tx, purchase.buyerId, percentages.length);
  let credited = 0;
  for (const [index, sponsorId] of sponsors.entries()) {
    const level = index + 1;
    const percentage = percentages[index]!;
    const amount = shareOf(purchase.usdtValue, percentage);
    if (amount.isZero()) continue;
    const [record] = await tx.insert(levelRewards).values({ userId: sponsorId, fromUserId: purchase.buyerId, subscriptionId: purchase.subscriptionId,
      level, percentage, amount: amount.toFixed() }).onConflictDoNothing().returning({ id: levelRewards.id });
    if (!record) continue; // credited before
    await post(tx, { key: `level-reward:${purchase.subscriptionId}:${level}`, kind: 'level_reward', reference: record.id,
      legs: [{ userId: sponsorId, asset: 'USDT_REWARD', amount: amount.toFixed() }] });
    credited += 1;
  }
  return credited;
}
