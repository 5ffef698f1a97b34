/**
 * The gauges the production alerts read (deploy/prometheus/griddesk-alerts.yml): the price feed's
 * state as /healthz names it, and the platform-wide backlog read from the database at scrape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { withdrawals } from './db/schema';
import type { FeedStats } from './exchange/market-data';
import { insertBot } from './modules/bots/testing/fixtures';
import { feedSource } from './exchange/market-data';
import { readBacklog, registerPlatformMetrics, type Backlog } from './platform-metrics';
import { databaseTargets } from './testing/databases';
import { insertMember } from './testing/members';
import { createTestServer, type TestServer } from './testing/server';

const targets = await databaseTargets();

const feed = (over: Partial<FeedStats>): FeedStats => ({
  streamUp: false,
  streamBatches: 0,
  streamFailures: 0,
  restPolls: 0,
  futuresStreamUp: false,
  futuresRestPolls: 0,
  lastPriceAt: null,
  ...over,
});

const NONE: Backlog = { unleased: { bots: 0, cycles: 0 }, payoutsPending: 0, oldestPendingSeconds: 0 };

describe('the price feed gauge', () => {
  it('is 1 on the state /healthz would name and 0 on the others', async () => {
    let stats = feed({ streamUp: true });
    const registry = new Registry();
    registerPlatformMetrics(registry, { feed: () => stats, backlog: async () => NONE });
    expect(await registry.metrics()).toContain('griddesk_price_feed_state{state="stream"} 1');
    stats = feed({ streamUp: false, restPolls: 3 });
    const text = await registry.metrics();
    expect(text).toContain('griddesk_price_feed_state{state="rest-fallback"} 1');
    expect(text).toContain('griddesk_price_feed_state{state="stream"} 0');
    expect(feedSource(feed({}))).toBe('idle');
  });
});

describe('the backlog gauges', () => {
  it('read the backlog once per scrape, and show NaN, not a stale number, when it cannot be read', async () => {
    let reads = 0;
    let failing = false;
    let now = 0;
    const registry = new Registry();
    registerPlatformMetrics(registry, {
      feed: () => feed({}),
      now: () => now,
      backlog: async () => {
        reads += 1;
        if (failing) throw new Error('database gone');
        return { unleased: { bots: 2, cycles: 1 }, payoutsPending: 4, oldestPendingSeconds: 900 };
      },
    });
    const text = await registry.metrics();
    expect(reads).toBe(1);
    expect(text).toContain('griddesk_runnables_unleased{kind="bots"} 2');
    expect(text).toContain('griddesk_runnables_unleased{kind="cycles"} 1');
    expect(text).toContain('griddesk_payouts_pending 4');
    expect(text).toContain('griddesk_payouts_pending_oldest_seconds 900');
    failing = true;
    now += 1_001; // the next scrape
    const failed = await registry.metrics();
    // prom-client writes NaN as "Nan", which Prometheus parses (case-insensitively).
    expect(failed).toMatch(/^griddesk_payouts_pending nan$/im);
    expect(failed).toMatch(/^griddesk_runnables_unleased\{kind="bots"\} nan$/im);
  });
});

describe.each(targets)('readBacklog ($name)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("counts running bots no engine holds and the PENDING payouts with the oldest one's age", async () => {
    const db = server.database.db;
    expect(await readBacklog(db)).toEqual(NONE);
    const member = await insertMember(db);
    await insertBot(db, member); // never claimed
    await insertBot(db, member, { status: 'Pause', leaseOwner: 'engine-gone', leaseExpiresAt: new Date(Date.now() - 60_000) });
    await insertBot(db, member, { leaseOwner: 'engine-1', leaseExpiresAt: new Date(Date.now() + 60_000) });
    await insertBot(db, member, { status: 'Stopped' });
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await db.insert(withdrawals).values([
      { userId: member, amount: '10', toAddress: '0x1111111111111111111111111111111111111111', createdAt: tenMinutesAgo },
      { userId: member, amount: '12', toAddress: '0x1111111111111111111111111111111111111111' },
      {
        userId: member,
        amount: '15',
        toAddress: '0x1111111111111111111111111111111111111111',
        status: 'SUCCESS',
        createdAt: tenMinutesAgo,
      },
    ]);
    const backlog = await readBacklog(db);
    expect({ ...backlog, oldestPendingSeconds: Math.round(backlog.oldestPendingSeconds / 60) }).toEqual({
      unleased: { bots: 2, cycles: 0 },
      payoutsPending: 2,
      oldestPendingSeconds: 10,
    });
  });
});
