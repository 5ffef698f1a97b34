/** GET /api/totalprofitbookdata: one sum over all the member's bots (polled every 10 s). */
import { eq, sql } from 'drizzle-orm';
import type { TotalProfitBookResponse } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { bots } from '../../db/schema';
import { plain } from '../runnables/figures';

const totalsQuery = preparedPerDb((db) =>
  db
    .select({
      profit: sql<string>`coalesce(sum(${bots.profitBooked}), 0)`,
      loss: sql<string>`coalesce(sum(${bots.lossBooked}), 0)`,
      pnl: sql<string>`coalesce(sum(${bots.realizedPnl}), 0)`,
    })
    .from(bots)
    .where(eq(bots.userId, sql.placeholder('userId')))
    .prepare('total_profit_book'),
);

export async function totalProfitBook(db: Db, userId: string): Promise<TotalProfitBookResponse> {
  const [row] = await totalsQuery(db).execute({ userId });
  return { totalProfit: plain(row?.profit), lossBook: plain(row?.loss), totalpnl: plain(row?.pnl) };
}
