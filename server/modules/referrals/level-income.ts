/** Referral level income as members read it (POST /account/level-income/*). */
import { count, desc, eq, sum } from 'drizzle-orm';
import type { LevelRewardRecord, LevelRewardSummary, Paged } from '../../../common/api/subscriptions';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { levelRewards, users } from '../../db/schema';
import { pagedOf, type Page } from '../subscriptions/history';

export async function levelRewardSummary(db: Db, userId: string): Promise<LevelRewardSummary> {
  const [row] = await db
    .select({ total: sum(levelRewards.amount) })
    .from(levelRewards)
    .where(eq(levelRewards.userId, userId));
  return { rewards: new Decimal(row?.total ?? '0').toFixed() };
}

export async function levelRewardHistory(db: Db, userId: string, page: Page): Promise<Paged<LevelRewardRecord>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: levelRewards.id,
        amount: levelRewards.amount,
        percentage: levelRewards.percentage,
        fromUserName: users.username,
        createdAt: levelRewards.createdAt,
      })
      .from(levelRewards)
      .innerJoin(users, eq(users.id, levelRewards.fromUserId))
      .where(eq(levelRewards.userId, userId))
      .orderBy(desc(levelRewards.createdAt), desc(levelRewards.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(levelRewards).where(eq(levelRewards.userId, userId)),
  ]);
  const records = rows.map((row) => ({
    id: row.id,
    amount: new Decimal(row.amount).toFixed(),
    percentage: new Decimal(row.percentage).toFixed(),
    fromUserName: row.fromUserName,
    createdAt: row.createdAt.toISOString(),
  }));
  return pagedOf(records, total?.n ?? 0, page);
}
