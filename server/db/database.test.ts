import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/config';
import { databaseTargets } from '../testing/databases';
import { openDatabase, type Database } from './database';

const postgres = (await databaseTargets()).filter((t) => t.name === 'postgres');

describe.each(postgres)('the PostgreSQL pool on $name', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('outlives the server ending its idle connections (a restart, a failover, pg_terminate_backend)', async () => {
    const { databaseUrl, drop } = await target.create();
    cleanups.push(drop);
    const database: Database = await openDatabase(
      loadConfig({ DATABASE_URL: databaseUrl!, JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'ab'.repeat(32) }),
    );
    cleanups.push(() => database.close());
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`SELECT pg_sleep(0.01)`)));
    const unhandled: unknown[] = [];
    const onError = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onError);
    try {
      const admin = new pg.Client({ connectionString: databaseUrl! });
      await admin.connect();
      const name = new URL(databaseUrl!).pathname.slice(1);
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const result = await database.db.execute(sql`SELECT 1 AS one`);
      expect((result as { rows?: unknown[] }).rows ?? result).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(unhandled).toEqual([]);
  });
});
