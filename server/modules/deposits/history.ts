/** The member's credited deposits, newest first, a page at a time (POST /account/wallet/deposit/list). */
import { count, desc, eq } from 'drizzle-orm';
import type { Paged } from '../../../common/api/subscriptions';
import type { DepositRecord, DepositToken } from '../../../common/api/billing';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { chainDeposits } from '../../db/schema';
import { pagedOf, type Page } from '../subscriptions/history';

export async function depositHistory(db: Db, userId: string, page: Page): Promise<Paged<DepositRecord>> {
  const mine = eq(chainDeposits.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(chainDeposits)
      .where(mine)
      .orderBy(desc(chainDeposits.createdAt), desc(chainDeposits.blockNumber), desc(chainDeposits.logIndex))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(chainDeposits).where(mine),
  ]);
  const records = rows.map((row) => ({
    id: row.id,
    token: row.token as DepositToken,
    amount: new Decimal(row.amount).toFixed(),
    transactionHash: row.txHash,
    createdAt: row.createdAt.toISOString(),
  }));
  return pagedOf(records, total?.n ?? 0, page);
}
