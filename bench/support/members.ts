/** Member rows for benches that need accounts but no login, written straight to the database. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database';
import { users } from '../../server/db/schema';

let inserted = 0;

/** A member row (optionally under a sponsor); returns its id. */
export async function insertMember(db: Db, sponsorId: string | null = null): Promise<string> {
  const id = randomUUID();
  inserted += 1;
  await db.insert(users).values({
    id,
    username: `member${inserted}`,
    email: `bench-${id}@bench.local`,
    contactNo: '1',
    passwordHash: 'x',
    referralCode: `B${String(inserted).padStart(5, '0')}`,
    sponsorId,
  });
  return id;
}
