/** The member's purchases, newest first, a page at a time (POST /account/subscription/list). */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Paged, SubscriptionRecord } from '../../../common/api/subscriptions';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { memberSubscriptions } from '../../db/schema';

export interface Page {
  page: number;
  limit: number;
}

export function pagedOf<T>(records: T[], total: number, { page, limit }: Page): Paged<T> {
  return { records, current: page, pages: Math.ceil(total / limit), total };
}

const plain = (value: string | null) => new Decimal(value ?? '0').toFixed();

export async function subscriptionHistory(db: Db, userId: string, page: Page): Promise<Paged<SubscriptionRecord>> {
  const mine = and(eq(memberSubscriptions.userId, userId), eq(memberSubscriptions.source, 'purchase'));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(memberSubscriptions)
      .where(mine)
      .orderBy(desc(memberSubscriptions.createdAt), desc(memberSubscriptions.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(memberSubscriptions).where(mine),
  ]);
  const records = rows.map((row) => ({
    id: row.id,
    usdtToken: plain(row.paidUsdt),
    ifcNewToken: plain(row.paidIfc),
    ifcToken: '0',
    ifxToken: '0',
    days: row.days,
    availableCredit: plain(row.availableCredit),
    createdAt: row.createdAt.toISOString(),
  }));
  return pagedOf(records, total?.n ?? 0, page);
}
