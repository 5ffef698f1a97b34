/** The member's withdrawals, newest first, a page at a time (POST /account/withdraw/list). */
import { count, desc, eq } from 'drizzle-orm';
import type { Paged } from '../../../common/api/subscriptions';
import type { WithdrawRecord, WithdrawStatus } from '../../../common/api/billing';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { withdrawals } from '../../db/schema';
import { pagedOf, type Page } from '../subscriptions/history';

export async function withdrawHistory(db: Db, userId: string, page: Page): Promise<Paged<WithdrawRecord>> {
  const mine = eq(withdrawals.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: withdrawals.id,
        amount: withdrawals.amount,
        toAddress: withdrawals.toAddress,
        status: withdrawals.status,
        createdAt: withdrawals.createdAt,
      })
      .from(withdrawals)
      .where(mine)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(withdrawals).where(mine),
  ]);
  const records = rows.map((row) => ({
    id: row.id,
    amount: new Decimal(row.amount).toFixed(),
    toAddress: row.toAddress,
    status: row.status as WithdrawStatus,
    createdAt: row.createdAt.toISOString(),
  }));
  return pagedOf(records, total?.n ?? 0, page);
}
