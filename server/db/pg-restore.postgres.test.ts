/**
 * The documented PostgreSQL backup and restore, run as an operator would (README: Deploy >
 * Backups and restore): `pg_dump --format=custom` of a database with a member's ledger
 * activity, `pg_restore` into a new database, the platform server booted on the restored one.
 * The member's balances as the API reports them equal the sums of their ledger rows, and the
 * ledger's append-only triggers came along (a restore is the only undo of a ledger row, so the
 * restored database must keep refusing to rewrite them).
 *
 * PostgreSQL only: vitest.config.ts leaves `*.postgres.test.ts` out without TEST_DATABASE_URL;
 * with it set and broken (or pg_dump missing), this fails.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { post } from '../modules/ledger/post';
import { postgresTargets } from '../engine/testing/engine-process-client';
import { bearer, register } from '../testing/members';
import { createTestServer, TEST_ENV, type TestServer } from '../testing/server';
import { startPlatformServer, type PlatformServer } from '../start';

const run = promisify(execFile);
const targets = await postgresTargets('pg-restore.postgres.test.ts');

/** The error the database raises for a statement, or null when it ran. */
async function refusal(client: pg.Client, statement: string, values: unknown[]): Promise<string | null> {
  return client.query(statement, values).then(
    () => null,
    (error: unknown) => (error as Error).message,
  );
}

describe.each(targets)('pg_dump and pg_restore on $name', (target) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it(
    'restores into a new database the server boots on, with balances equal to the ledger and the ledger still append-only',
    { timeout: 90_000 },
    async () => {
      const work = await mkdtemp(join(tmpdir(), 'griddesk-pg-restore-'));
      cleanups.push(() => rm(work, { recursive: true, force: true }));
      const source: TestServer = await createTestServer(target);
      cleanups.push(() => source.close());
      const sourceUrl = source.config.databaseUrl!;
      const db = source.database.db;

      // A member with deposits, a debit and a transfer to another member, through the ledger's one door.
      const member = await register(source);
      const other = await register(source);
      await post(db, {
        key: randomUUID(),
        kind: 'deposit',
        reference: '0xdeposit1',
        legs: [{ userId: member.userId, asset: 'USDT', amount: '250.5' }],
      });
      await post(db, {
        key: randomUUID(),
        kind: 'deposit',
        reference: '0xdeposit2',
        legs: [{ userId: member.userId, asset: 'IFT', amount: '40' }],
      });
      await post(db, {
        key: randomUUID(),
        kind: 'adjustment',
        reason: 'test debit',
        legs: [{ userId: member.userId, asset: 'USDT', amount: '-12.25' }],
      });
      await post(db, {
        key: randomUUID(),
        kind: 'adjustment',
        reason: 'test transfer',
        legs: [
          { userId: member.userId, asset: 'USDT', amount: '-30' },
          { userId: other.userId, asset: 'USDT', amount: '30' },
        ],
      });

      // The documented commands.
      const dump = join(work, 'griddesk.dump');
      await run('pg_dump', ['--format=custom', '--file', dump, sourceUrl]);
      const restored = await target.create();
      cleanups.push(() => restored.drop());
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restored.databaseUrl!, dump]);

      // The server boots on the restored database (its migrations are all there: nothing to apply).
      const server: PlatformServer = await startPlatformServer({
        env: {
          ...TEST_ENV,
          DATABASE_URL: restored.databaseUrl!,
          DATA_DIR: join(work, 'data'),
          ROLES: 'api',
          HOST: '127.0.0.1',
          PORT: '0',
          SIM_PORT: '0',
          DEMO_TRADING: 'false',
        },
      });
      cleanups.push(() => server.close());
      const res = await fetch(`${server.url}/account/user-data`, { method: 'POST', headers: bearer(member.token) });
      expect(res.status).toBe(200);
      const data = ((await res.json()) as { data: Record<string, string> }).data;

      const client = new pg.Client({ connectionString: restored.databaseUrl! });
      await client.connect();
      cleanups.push(() => client.end());
      const sums = Object.fromEntries(
        (
          await client.query<{ asset: string; total: string }>(
            'SELECT asset, sum(amount)::text AS total FROM ledger_entries WHERE user_id = $1 GROUP BY asset',
            [member.userId],
          )
        ).rows.map((r) => [r.asset, r.total]),
      );
      expect(new Decimal(sums.USDT!).toFixed()).toBe('208.25');
      expect(new Decimal(data.usdtToken!).toFixed()).toBe(new Decimal(sums.USDT!).toFixed());
      expect(new Decimal(data.iftToken!).toFixed()).toBe(new Decimal(sums.IFT!).toFixed());
      expect(new Decimal(data.ifxToken!).toFixed()).toBe('0');

      // Append-only survived: no UPDATE, DELETE or TRUNCATE of a ledger row.
      expect(await refusal(client, 'UPDATE ledger_entries SET amount = 1000 WHERE user_id = $1', [member.userId])).toMatch(
        /ledger_entries is append-only/,
      );
      expect(await refusal(client, 'DELETE FROM ledger_entries WHERE user_id = $1', [member.userId])).toMatch(
        /ledger_entries is append-only: DELETE is refused/,
      );
      expect(await refusal(client, 'TRUNCATE ledger_entries', [])).toMatch(/ledger_entries is append-only: TRUNCATE is refused/);
      const [count] = (
        await client.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_entries WHERE user_id = $1', [member.userId])
      ).rows;
      expect(count!.n).toBe('4');
    },
  );
});
