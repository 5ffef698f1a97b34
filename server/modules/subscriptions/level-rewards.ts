/**
 * Referral level income: on each purchase every sponsor up the chain (level 1 = the buyer's
 * sponsor) gets their level's percentage of the plan's USDT price, as a reward record and a
 * USDT_REWARD ledger credit, in the purchase's transaction. Records are unique on (purchase,
 * level) and the credits are one posting keyed on the purchase, so a reward is credited once.
 * Levels follow the levelPercentages setting.
 */
import { sql } from 'drizzle-orm';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { levelRewards } from '../../db/schema';
import { post } from '../ledger/post';
import { getSetting } from '../settings/settings';

/** Rewards are credited to the cent's ten-thousandth; the rest of a share stays unpaid. */
export const REWARD_DECIMALS = 8;

export interface Purchase {
  subscriptionId: string;
  buyerId: string;
  usdtValue: string;
}

/** The buyer's sponsors, nearest first, at most `levels` of them, in one query; a cycle ends the chain. */
async function sponsorChain(db: Db, buyerId: string, levels: number): Promise<string[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE chain(id, depth, path) AS (
      SELECT sponsor_id, 1, ARRAY[id, sponsor_id] FROM users WHERE id = ${buyerId} AND sponsor_id IS NOT NULL
      UNION ALL
      SELECT u.sponsor_id, c.depth + 1, c.path || u.sponsor_id FROM users u JOIN chain c ON u.id = c.id
      WHERE c.depth < ${levels} AND u.sponsor_id IS NOT NULL AND NOT u.sponsor_id = ANY(c.path)
    )
    SELECT id FROM chain ORDER BY depth`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

export function shareOf(usdtValue: Decimal.Value, percentage: Decimal.Value): Decimal {
  return new Decimal(usdtValue).mul(percentage).div(100).toDecimalPlaces(REWARD_DECIMALS, Decimal.ROUND_DOWN);
}

/**
 * Call inside the purchase's transaction. The rewards are one multi-row insert and one posting
 * with a leg per sponsor, taken last: the sponsors' accounts are the rows other purchases of
 * the same upline wait for, so they are held for as few round trips as possible.
 */
export async function distributeLevelRewards(tx: Db, purchase: Purchase): Promise<number> {
  const percentages = await getSetting(tx, 'levelPercentages');
  const sponsors = await sponsorChain(tx, purchase.buyerId, percentages.length);
  const shares = sponsors
    .map((sponsorId, index) => ({
      sponsorId,
      level: index + 1,
      percentage: percentages[index]!,
      amount: shareOf(purchase.usdtValue, percentages[index]!),
    }))
    .filter((share) => !share.amount.isZero());
  if (shares.length === 0) return 0;
  const records = await tx
    .insert(levelRewards)
    .values(
      shares.map((share) => ({
        userId: share.sponsorId,
        fromUserId: purchase.buyerId,
        subscriptionId: purchase.subscriptionId,
        level: share.level,
        percentage: share.percentage,
        amount: share.amount.toFixed(),
      })),
    )
    .onConflictDoNothing()
    .returning({ level: levelRewards.level });
  const credited = new Set(records.map((record) => record.level)); // none when credited before
  const legs = shares
    .filter((share) => credited.has(share.level))
    .map((share) => ({ userId: share.sponsorId, asset: 'USDT_REWARD' as const, amount: share.amount.toFixed() }));
  if (legs.length === 0) return 0;
  await post(tx, {
    key: `level-rewards:${purchase.subscriptionId}`,
    kind: 'level_reward',
    reference: purchase.subscriptionId,
    legs,
  });
  return legs.length;
}
