/**
 * GET /readyz beside /healthz: ready on a healthy app; 503 naming the check when the database
 * goes away (and ready again when it is back), when a migration is not applied, and, for an
 * engine, when its price feed delivers nothing. /healthz stays ok throughout. The checks are
 * named only to a caller on this host that did not come through a proxy, or with METRICS_TOKEN;
 * anyone else gets the bare status (issue 34, item 9). The checks run at most once a second.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { openDatabase, resolveMigrationsFolder } from '../../db/database';
import { readJournal } from '../../db/migration-status';
import type { ExchangeServices } from '../../exchange/services';
import { databaseTargets, oneDatabaseTarget } from '../../testing/databases';
import { pgliteMigrated } from '../../testing/pglite-templates';
import { adminQuery, databaseUrl } from '../../testing/postgres-template';
import { createTestServer, type TestServer } from '../../testing/server';
import { READINESS_CACHE_MS } from '../readiness';

const targets = await databaseTargets();
// The engine's checks and who is told what: formatting and refusals, one database (testing/databases.ts' rule).
const [oneTarget] = await oneDatabaseTarget();
const newest = (await readJournal(resolveMigrationsFolder())).at(-1)!.tag;

describe.each(targets)('GET /readyz on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server?.close());

  /** A fresh check: past the second the last one is kept for (READINESS_CACHE_MS). */
  const readyz = () => {
    server.clock.advance(READINESS_CACHE_MS);
    return server.app.inject({ url: '/readyz' });
  };
  /** Readiness says the database is gone while liveness stays ok (a restart would not help). */
  async function expectDatabaseUnreachable() {
    const gone = await readyz();
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ status: 'not ready', checks: { database: 'unreachable', migrations: 'ok' } });
    expect((await server.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  }

  it('answers 503 naming a migration the database lacks, and ready once it is there; no sign-in needed', async () => {
    const db = server.database.db;
    const removed = await db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at`,
    );
    const [row] = (removed as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    const pending = await readyz();
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'not ready', checks: { database: 'ok', migrations: `pending: ${newest}` } });
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row!.id}, ${row!.hash}, ${row!.created_at})`,
    );
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
      marketData: {
        feedStats: () => ({
          ...feed,
          streamBatches: 0,
          streamFailures: 0,
          restPolls: 0,
          futuresStreamUp: false,
          futuresRestPolls: 0,
        }),
      },
      balances: { stats: () => ({ members: 0, spotUp: 0, futuresUp: 0 }) },
    } as unknown as ExchangeServices;
    server = await createTestServer(oneTarget!, { ROLES: 'engine' }, { exchange });
  });
  afterAll(() => server?.close());

  const readyz = () => {
    server.clock.advance(READINESS_CACHE_MS);
    return server.app.inject({ url: '/readyz' });
  };

  it('is not ready while its price feed has delivered nothing, ready on the stream or the REST fallback', async () => {
    const down = await readyz();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not ready', checks: { database: 'ok', migrations: 'ok', priceFeed: 'down' } });

    Object.assign(feed, { streamUp: false, lastPriceAt: Date.now() });
    const fallback = await readyz();
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().checks.priceFeed).toBe('rest-fallback');

    Object.assign(feed, { streamUp: true, lastPriceAt: Date.now() });
    expect((await readyz()).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', priceFeed: 'stream' },
    });
  });

  it('has no priceFeed check without the engine role', async () => {
    const api = await createTestServer(oneTarget!, { ROLES: 'api' }, { exchange: server.app.deps.exchange });
    try {
      expect((await api.app.inject({ url: '/readyz' })).json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok' },
      });
    } finally {
      await api.close();
    }
  });
});

/** An engine's exchange side, as /healthz and /readyz read it: a price just now while `pricing`. */
function exchangeStub(feed: { pricing: boolean }): ExchangeServices {
  return {
    marketData: {
      feedStats: () => ({
        streamUp: true,
        lastPriceAt: feed.pricing ? Date.now() : null,
        streamBatches: 0,
        streamFailures: 0,
        restPolls: 0,
        futuresStreamUp: false,
        futuresRestPolls: 0,
      }),
    },
    balances: { stats: () => ({ members: 3, spotUp: 2, futuresUp: 1 }) },
  } as unknown as ExchangeServices;
}

describe('what /readyz and /healthz tell whom (issue 34, item 9)', () => {
  const TOKEN = 'scrape-token-123';
  const PROXY = '127.0.0.1';
  const feed = { pricing: true };
  let proxied: TestServer;
  let unconfigured: TestServer;
  beforeAll(async () => {
    proxied = await createTestServer(
      oneTarget!,
      { ROLES: 'engine', TRUST_PROXY: PROXY, METRICS_TOKEN: TOKEN },
      { exchange: exchangeStub(feed) },
    );
    // An operator who forgot TRUST_PROXY: every proxied request then has the proxy's address as request.ip.
    unconfigured = await createTestServer(
      oneTarget!,
      { ROLES: 'engine', METRICS_TOKEN: TOKEN },
      { exchange: exchangeStub(feed) },
    );
  });
  afterAll(async () => {
    await proxied?.close();
    await unconfigured?.close();
  });

  const ask = (server: TestServer, url: string, remoteAddress: string, headers: Record<string, string> = {}) => {
    server.clock.advance(READINESS_CACHE_MS);
    return server.app.inject({ url, remoteAddress, headers });
  };
  const READY = { status: 'ready', checks: { database: 'ok', migrations: 'ok', priceFeed: 'stream' } };
  const HEALTHY = {
    status: 'ok',
    exchange: { prices: 'stream', priceStreamFailures: 0, accountStreams: { members: 3, spotUp: 2, futuresUp: 1 } },
  };

  it('answer a stranger through the proxy the bare status, whether TRUST_PROXY names the proxy or not', async () => {
    for (const server of [proxied, unconfigured]) {
      for (const forwardedFor of ['203.0.113.9', '127.0.0.1', '127.0.0.1, 203.0.113.9']) {
        const ready = await ask(server, '/readyz', PROXY, { 'x-forwarded-for': forwardedFor });
        expect([ready.statusCode, ready.json()], forwardedFor).toEqual([200, { status: 'ready' }]);
        expect((await ask(server, '/healthz', PROXY, { 'x-forwarded-for': forwardedFor })).json(), forwardedFor).toEqual({
          status: 'ok',
        });
      }
      // Caddy's and other proxies' headers count as a hop too.
      expect((await ask(server, '/readyz', PROXY, { forwarded: 'for=203.0.113.9' })).json()).toEqual({ status: 'ready' });
    }
  });

  it('answer a client of another host the bare status, whatever it says it forwards for', async () => {
    expect((await ask(proxied, '/readyz', '203.0.113.9')).json()).toEqual({ status: 'ready' });
    expect((await ask(proxied, '/readyz', '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).json()).toEqual({
      status: 'ready',
    });
    expect((await ask(proxied, '/healthz', '203.0.113.9')).json()).toEqual({ status: 'ok' });
    expect(
      (
        await ask(proxied, '/readyz', PROXY, { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong-token-1234' })
      ).json(),
    ).toEqual({ status: 'ready' });
  });

  it('name the checks to a caller on this host that came through no proxy, and to the metrics token from anywhere', async () => {
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await ask(proxied, '/readyz', local)).json(), local).toEqual(READY);
      expect((await ask(proxied, '/healthz', local)).json(), local).toEqual(HEALTHY);
    }
    const bearer = { authorization: `Bearer ${TOKEN}` };
    expect((await ask(proxied, '/readyz', PROXY, { 'x-forwarded-for': '203.0.113.9', ...bearer })).json()).toEqual(READY);
    expect((await ask(unconfigured, '/readyz', '203.0.113.9', bearer)).json()).toEqual(READY);
    expect((await ask(proxied, '/healthz', PROXY, { 'x-forwarded-for': '203.0.113.9', ...bearer })).json()).toEqual(HEALTHY);
  });

  it('keep the status code of a process that is not ready: 503 to everyone, the reasons only to the operator', async () => {
    feed.pricing = false;
    try {
      const stranger = await ask(proxied, '/readyz', PROXY, { 'x-forwarded-for': '203.0.113.9' });
      expect([stranger.statusCode, stranger.json()]).toEqual([503, { status: 'not ready' }]);
      const local = await ask(proxied, '/readyz', '127.0.0.1');
      expect([local.statusCode, local.json()]).toEqual([
        503,
        { status: 'not ready', checks: { database: 'ok', migrations: 'ok', priceFeed: 'down' } },
      ]);
    } finally {
      feed.pricing = true;
    }
  });

  it('runs the database check once for ten calls within a second, concurrent or one after another', async () => {
    const real = proxied.app.deps.db;
    let queries = 0;
    const counting = new Proxy(real, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          queries += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const deps = proxied.app.deps as { db: Db };
    deps.db = counting;
    try {
      const call = () => proxied.app.inject({ url: '/readyz', remoteAddress: '127.0.0.1' });
      await ask(proxied, '/readyz', '127.0.0.1'); // finds the migrations applied, which are then not asked again
      proxied.clock.advance(READINESS_CACHE_MS);
      queries = 0;
      const answers = await Promise.all(Array.from({ length: 5 }, call));
      for (let i = 0; i < 5; i += 1) answers.push(await call());
      expect(answers.map((a) => a.json())).toEqual(Array<unknown>(10).fill(READY));
      expect(queries).toBe(1); // select 1
      proxied.clock.advance(READINESS_CACHE_MS);
      expect((await call()).json()).toEqual(READY);
      expect(queries).toBe(2);
    } finally {
      deps.db = real;
    }
  });
});
