/**
 * The demo member on a first start: only the embedded database (a desktop trying GridDesk),
 * only while it has no members at all, and only in simulator mode.
 */
import type { Config } from '../../config/config';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { demoMemberAllowed, seedDemo } from './seed';

/** Seeds the demo member when this start qualifies; true when it did. */
export async function seedDemoOnFirstStart(
  db: Db,
  config: Pick<Config, 'databaseUrl' | 'exchange' | 'argon2'>,
): Promise<boolean> {
  if (config.databaseUrl || !demoMemberAllowed(config)) return false;
  const [anyone] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyone) return false;
  await seedDemo(db, config.argon2);
  return true;
}
