/**
 * POST /account/team/level-member: the members at one depth of the asker's downline, a page at
 * a time, oldest member first. totalIncome is what that member's purchases paid the asker as
 * level rewards; isActive is whether their subscription runs now.
 */
import { sql } from 'drizzle-orm';
import type { Paged } from '../../../common/api/subscriptions';
import type { TeamMember } from '../../../common/api/billing';
import { Decimal } from '../../../common/money';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { DomainError } from '../errors';
import { getSetting } from '../settings/settings';
import { pagedOf, type Page } from '../subscriptions/history';
import { rowsOf } from '../../db/rows';
import { downlineCte } from './downline';

interface Row {
  name: string;
  sponser_name: string | null;
  total_subscription: string;
  total_income: string;
  is_active: boolean;
  total: number;
}

export async function teamLevelMembers(db: Db, userId: string, level: number, page: Page, now: Date): Promise<Paged<TeamMember>> {
  const levels = (await getSetting(db, 'levelPercentages')).length;
  // The dashboard shows levels 1..N; asking for another one is a client error, not an empty list.
  if (level > levels) throw new DomainError('billing.team_level_unknown', SERVER.teamLevelUnknown(levels));
  const result = await db.execute(sql`
    WITH RECURSIVE ${downlineCte(userId, level)}
    SELECT u.username AS name, sp.username AS sponser_name,
      (SELECT coalesce(sum(ms.usdt_value), 0) FROM member_subscriptions ms WHERE ms.user_id = u.id)::text AS total_subscription,
      (SELECT coalesce(sum(lr.amount), 0) FROM level_rewards lr
        WHERE lr.user_id = ${userId}::uuid AND lr.from_user_id = u.id)::text AS total_income,
      EXISTS (SELECT 1 FROM member_subscriptions ms WHERE ms.user_id = u.id AND ms.expire_date > ${now.toISOString()}::timestamptz) AS is_active,
      count(*) OVER ()::int AS total
    FROM downline d JOIN users u ON u.id = d.id LEFT JOIN users sp ON sp.id = u.sponsor_id
    WHERE d.depth = ${level}::int
    ORDER BY u.created_at, u.id
    LIMIT ${page.limit}::int OFFSET ${(page.page - 1) * page.limit}::int`);
  const rows = rowsOf<Row>(result);
  const records = rows.map((row) => ({
    name: row.name,
    sponserName: row.sponser_name ?? '',
    totalSubscription: new Decimal(row.total_subscription).toFixed(),
    totalIncome: new Decimal(row.total_income).toFixed(),
    isActive: Boolean(row.is_active),
  }));
  // A page past the end has no row to carry the window count: count the level on its own.
  const total = rows[0] ? Number(rows[0].total) : page.page > 1 ? await levelSize(db, userId, level) : 0;
  return pagedOf(records, total, page);
}

async function levelSize(db: Db, userId: string, level: number): Promise<number> {
  const result = await db.execute(sql`
    WITH RECURSIVE ${downlineCte(userId, level)}
    SELECT count(*)::int AS n FROM downline WHERE depth = ${level}::int`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
