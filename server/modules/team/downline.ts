/**
 * A member's downline in the sponsor tree as a recursive CTE, so a team of any size is read in
 * one statement instead of one query per level. Depth 1 is the members the asker sponsored.
 * The depth bound also ends the walk should the tree ever hold a cycle (signup cannot make one,
 * but a hand-edited sponsor_id could); the asker never counts as their own member.
 */
import { sql, type SQL } from 'drizzle-orm';

/** `downline(id, depth)` down to `maxDepth` levels; put it after `WITH RECURSIVE`. */
export function downlineCte(askerId: string, maxDepth: number): SQL {
  return sql`downline(id, depth) AS (
    SELECT u.id, 1 FROM users u WHERE u.sponsor_id = ${askerId}::uuid AND u.id <> ${askerId}::uuid
    UNION ALL
    SELECT u.id, d.depth + 1 FROM users u JOIN downline d ON u.sponsor_id = d.id
    WHERE d.depth < ${maxDepth}::int AND u.id <> ${askerId}::uuid
  )`;
}
