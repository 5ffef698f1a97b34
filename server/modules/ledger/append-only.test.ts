import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { insertMember } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { balancesOf, ledgerOf } from './balances';
import { post } from './post';

const targets = await databaseTargets();

/** The database's own words for a refused statement (Drizzle wraps them as the error's cause). */
async function refusal(statement: Promise<unknown>): Promise<{ message: string; code?: string }> {
  const error: unknown = await statement.then(
    () => {
      throw new Error('the statement was not refused');
    },
    (e: unknown) => e,
  );
  const cause = (error as { cause?: unknown }).cause ?? error;
  return cause as { message: string; code?: string };
}

async function memberWithEntry(db: Db): Promise<string> {
  const member = await insertMember(db);
  await post(db, { key: randomUUID(), kind: 'adjustment', legs: [{ userId: member, asset: 'USDT', amount: '12.5' }] });
  return member;
}

describe.each(targets)('ledger entries are never rewritten or removed, on $name', (target) => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await createTestServer(target);
    db = server.database.db;
  });
  afterAll(() => server?.close());

  it('refuses an UPDATE of an entry, naming the rule', async () => {
    const member = await memberWithEntry(db);
    const refused = await refusal(db.execute(sql`UPDATE ledger_entries SET amount = 1000 WHERE user_id = ${member}`));
    expect(refused.message).toMatch(/ledger_entries is append-only/);
    expect((await ledgerOf(db, member))[0]!.amount).toBe('12.5');
  });

  it('refuses a DELETE of an entry, naming the rule', async () => {
    const member = await memberWithEntry(db);
    const refused = await refusal(db.execute(sql`DELETE FROM ledger_entries WHERE user_id = ${member}`));
    expect(refused.message).toMatch(/ledger_entries is append-only: DELETE is refused/);
    expect(await ledgerOf(db, member)).toHaveLength(1);
  });

  it('refuses a TRUNCATE of the entries, also when it cascades from the members table', async () => {
    const member = await memberWithEntry(db);
    expect((await refusal(db.execute(sql`TRUNCATE ledger_entries`))).message).toMatch(
      /ledger_entries is append-only: TRUNCATE is refused/,
    );
    expect((await refusal(db.execute(sql`TRUNCATE users CASCADE`))).message).toMatch(
      /ledger_entries is append-only: TRUNCATE is refused/,
    );
    expect(await ledgerOf(db, member)).toHaveLength(1);
  });

  it('refuses deleting a member who has entries, keeping the member, the entries and the balance', async () => {
    const member = await memberWithEntry(db);
    const refused = await refusal(db.delete(users).where(eq(users.id, member)));
    // The foreign key restricts instead of cascading (PostgreSQL 17 words it 'violates RESTRICT setting of').
    expect(refused.message).toMatch(/violates .*foreign key constraint "ledger_entries_user_id_users_id_fk"/);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, member))).toHaveLength(1);
    expect(await ledgerOf(db, member)).toHaveLength(1);
    expect((await balancesOf(db, member)).USDT).toBe('12.5');
  });

  it('still lets a member without entries be deleted', async () => {
    const member = await insertMember(db);
    await db.delete(users).where(eq(users.id, member));
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, member))).toEqual([]);
  });
});
