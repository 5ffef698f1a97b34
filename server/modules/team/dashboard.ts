/**
 * POST /account/team/dashboard: one card per configured referral level (levelPercentages), with
 * that level's reward percent, how many members sit at that depth below the asker, and the USDT
 * value of every subscription they bought. Levels without members still get a card (zeros).
 */
import { sql } from 'drizzle-orm';
import type { TeamLevel } from '../../../common/api/billing';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { getSetting } from '../settings/settings';
import { rowsOf } from '../../db/rows';
import { downlineCte } from './downline';

interface Row {
  level: number;
  members: number;
  total: string;
}

export async function teamDashboard(db: Db, userId: string): Promise<TeamLevel[]> {
  const percentages = await getSetting(db, 'levelPercentages');
  if (percentages.length === 0) return [];
  // usdt_value is the plan's price for a purchase and 0 for a granted subscription, so grants
  // never inflate a team's total.
  const result = await db.execute(sql`
    WITH RECURSIVE ${downlineCte(userId, percentages.length)},
    purchases AS (
      SELECT ms.user_id, sum(ms.usdt_value) AS total FROM member_subscriptions ms
      WHERE ms.user_id IN (SELECT id FROM downline) GROUP BY ms.user_id
    )
    SELECT l.level::int AS level, count(d.id)::int AS members, coalesce(sum(p.total), 0)::text AS total
    FROM generate_series(1, ${percentages.length}::int) AS l(level)
    LEFT JOIN downline d ON d.depth = l.level
    LEFT JOIN purchases p ON p.user_id = d.id
    GROUP BY l.level ORDER BY l.level`);
  return rowsOf<Row>(result).map((row) => ({
    level: Number(row.level),
    reward: percentages[Number(row.level) - 1]!,
    members: Number(row.members),
    totalSubscription: new Decimal(row.total).toFixed(),
  }));
}
