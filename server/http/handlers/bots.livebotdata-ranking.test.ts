/**
 * GET /api/livebotdata (Copy BOTs, issue 23 item 9): the top performing bots leave out the
 * requesting member's own bots and bots that have run less than 24 hours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveBot } from '../../../common/api/bots';
import { LIVE_BOTS_MIN_AGE_MS } from '../../modules/bots/live';
import { insertBot, type BotRow } from '../../modules/bots/testing/fixtures';
import { oneDatabaseTarget } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createSimulatedServer, type SimulatedServer } from '../../testing/simulated-server';

// One database (testing/databases.ts' rule): a read endpoint formatting and ranking what the test stored.
const targets = await oneDatabaseTarget();
const HOUR = 3_600_000;

describe.each(targets)('Copy BOTs ranking on $name', (target) => {
  let server: SimulatedServer;
  let alice: Registered;
  let bob: Registered;
  const bot: Record<string, BotRow> = {};

  beforeAll(async () => {
    server = await createSimulatedServer(target);
    [alice, bob] = await Promise.all([register(server, { username: 'Alice' }), register(server, { username: 'Bob' })]);
    const db = server.database.db;
    const now = server.clock();
    const startedAgo = (ms: number) => new Date(now.getTime() - ms);
    // Alice's bots: a week-old one with the best APY, and one 23 hours old.
    bot.aliceOld = await insertBot(db, alice.userId, { startedAt: startedAgo(7 * 24 * HOUR), realizedPnl: '500' });
    bot.aliceYoung = await insertBot(db, alice.userId, { startedAt: startedAgo(23 * HOUR), realizedPnl: '900' });
    // Bob's: two days old, exactly 24 hours old, one hour old (a huge projected APY) and a paused one.
    bot.bobOld = await insertBot(db, bob.userId, { startedAt: startedAgo(48 * HOUR), realizedPnl: '20' });
    bot.bobDayOld = await insertBot(db, bob.userId, { startedAt: startedAgo(LIVE_BOTS_MIN_AGE_MS), realizedPnl: '5' });
    bot.bobYoung = await insertBot(db, bob.userId, { startedAt: startedAgo(HOUR), realizedPnl: '300' });
    bot.bobPaused = await insertBot(db, bob.userId, {
      status: 'Pause',
      startedAt: startedAgo(10 * 24 * HOUR),
      realizedPnl: '100',
    });
  });
  afterAll(() => server?.close());

  const { get } = memberApi(() => server);
  const ranked = async (who: Registered) => (await get(who, 'livebotdata')).json<LiveBot[]>().map((b) => b.id);

  it("leaves out the member's own bots and bots younger than 24 hours, best APY first", async () => {
    expect(await ranked(alice)).toEqual([bot.bobOld!.id, bot.bobDayOld!.id]);
    expect(await ranked(bob)).toEqual([bot.aliceOld!.id]);
  });

  it('ranks a bot once it has run 24 hours', async () => {
    server.clock.advance(HOUR + 1000);
    expect(await ranked(bob)).toEqual([bot.aliceYoung!.id, bot.aliceOld!.id]);
    expect(await ranked(alice)).toEqual([bot.bobOld!.id, bot.bobDayOld!.id]);
  });
});
