/**
 * GET /readyz beside /healthz: ready on a healthy app; 503 naming the check when the database
 * goes away (and ready again when it is back), when a migration is not applied, and, for an
 * engine, when its price feed delivers nothing. /healthz stays ok throughout.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { openDatabase, resolveMigrationsFolder } from '../../db/database';
import { readJournal } from '../../db/migration-status';
import type { ExchangeServices } from '../../exchange/services';
import { databaseTargets, pgliteTarget } from '../../testing/databases';
import { pgliteMigrated } from '../../testing/pglite-templates';
import { adminQuery, databaseUrl } from '../../testing/postgres-template';
import { createTestServer, type TestServer } from '../../testing/server';

const targets = await databaseTargets();
const newest = (await readJournal(resolveMigrationsFolder())).at(-1)!.tag;

describe.each(targets)('GET /readyz on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server?.close());

  const readyz = () => server.app.inject({ url: '/readyz' });
  /** Readiness says the database is gone while liveness stays ok (a restart would not help). */
  async function expectDatabaseUnreachable() {
    const gone = await readyz();
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ status: 'not ready', checks: { database: 'unreachable', migrations: 'ok' } });
    expect((await server.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  }

  it('answers 503 naming a migration the database lacks, and ready once it is there; no sign-in needed', async () => {
    const db = server.database.db;
    const removed = await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at`);
    const [row] = (removed as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    const pending = await readyz();
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'not ready', checks: { database: 'ok', migrations: `pending: ${newest}` } });
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row!.id}, ${row!.hash}, ${row!.created_at})`);
    const ready = await readyz();
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answers 503 with database unreachable while the database is gone, /healthz still ok, and ready when it is back', async () => {
    const url = server.config.databaseUrl;
    if (url) {
      // PostgreSQL: the database refuses new connections and its open ones are ended.
      const admin = process.env.TEST_DATABASE_URL ?? databaseUrl(url, 'postgres');
      const name = new URL(url).pathname.slice(1);
      await adminQuery(admin, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await adminQuery(admin, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      try {
        await expectDatabaseUnreachable();
      } finally {
        await adminQuery(admin, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
    } else {
      // PGlite: the app's database is swapped for a closed one (the embedded database has no server to stop).
      const closed = await openDatabase(server.config, { pgliteDir: 'memory://', pgliteTemplate: await pgliteMigrated() });
      await closed.close();
      const deps = server.app.deps as { db: Db };
      deps.db = closed.db;
      try {
        await expectDatabaseUnreachable();
      } finally {
        deps.db = server.database.db;
      }
    }
    const back = await readyz();
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });
});

describe('GET /readyz for an engine', () => {
  let server: TestServer;
  const feed = { streamUp: false, lastPriceAt: null as number | null };
  beforeAll(async () => {
    const exchange = {
      marketData: { feedStats: () => ({ ...feed, streamBatches: 0, streamFailures: 0, restPolls: 0, futuresStreamUp: false, futuresRestPolls: 0 }) },
      balances: { stats: () => ({ members: 0, spotUp: 0, futuresUp: 0 }) },
    } as unknown as ExchangeServices;
    server = await createTestServer(pgliteTarget, { ROLES: 'engine' }, { exchange });
  });
  afterAll(() => server?.close());

  it('is not ready while its price feed has delivered nothing, ready on the stream or the REST fallback', async () => {
    const down = await server.app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not ready', checks: { database: 'ok', migrations: 'ok', priceFeed: 'down' } });

    Object.assign(feed, { streamUp: false, lastPriceAt: Date.now() });
    const fallback = await server.app.inject({ url: '/readyz' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().checks.priceFeed).toBe('rest-fallback');

    Object.assign(feed, { streamUp: true, lastPriceAt: Date.now() });
    expect((await server.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', priceFeed: 'stream' } });
  });

  it('has no priceFeed check without the engine role', async () => {
    const api = await createTestServer(pgliteTarget, { ROLES: 'api' }, { exchange: server.app.deps.exchange });
    try {
      expect((await api.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
    } finally {
      await api.close();
    }
  });
});
