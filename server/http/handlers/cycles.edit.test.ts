/**
 * POST /api/editcycle, /api/stopcycle and /api/stopcyclewithsell through the server, on PGlite
 * and PostgreSQL, with a stand-in engine answering the cycle commands: the settings written with
 * a 'settings' command, stops reaching the engine, each refusal with its reason, and another
 * member's cycle a 404 on every call.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER, UI, VALIDATION } from '../../../common/messages';
import { cycleCommands, cycles } from '../../db/schema';
import { startCycleTestEngine, type CycleCommandAnswer } from '../../engine/testing/cycle-commands';
import { insertCycle, type CycleRow } from '../../modules/cycles/testing/fixtures';
import { databaseTargets } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';

const targets = await databaseTargets();

describe.each(targets)('cycle edits and stops on $name', (target) => {
  let server: TestServer;
  let alice: Registered;
  let bob: Registered;
  let engine: { stop(): void };
  /** What the stand-in engine answers; each test sets its own. */
  let answer: CycleCommandAnswer = () => 'ok';
  let cycle: CycleRow;

  beforeAll(async () => {
    server = await createTestServer(target);
    [alice, bob] = await Promise.all([register(server, { username: 'Alice' }), register(server, { username: 'Bob' })]);
    engine = startCycleTestEngine(server.database.db, (command) => answer(command));
  });
  afterAll(async () => {
    engine?.stop();
    await server?.close();
  });
  // One live cycle per member and pair (cycles_live_pair_idx): each test's cycle replaces the last
  // one's, and a test's other cycles trade other pairs.
  const otherPairs = [
    'ETHUSDT',
    'SOLUSDT',
    'BNBUSDT',
    'XRPUSDT',
    'ADAUSDT',
    'DOGEUSDT',
    'TRXUSDT',
    'DOTUSDT',
    'LINKUSDT',
    'LTCUSDT',
  ];
  let pairsUsed = 0;
  const otherPair = () => otherPairs[pairsUsed++ % otherPairs.length]!;
  beforeEach(async () => {
    answer = () => 'ok';
    await server.database.db.update(cycles).set({ status: 'Stopped' }).where(eq(cycles.userId, alice.userId));
    cycle = await insertCycle(server.database.db, alice.userId);
  });

  const { post } = memberApi(() => server);
  /** [status, reason, message] of a call. */
  const outcome = async (who: Registered, url: string, body: object) => {
    const res = await post(who, url, body);
    return [res.statusCode, res.json().reason, res.json().message];
  };
  const row = async (id = cycle.id) => (await server.database.db.select().from(cycles).where(eq(cycles.id, id)))[0]!;
  const commands = (id = cycle.id) => server.database.db.select().from(cycleCommands).where(eq(cycleCommands.runnableId, id));
  const edit = (over: object = {}) => ({
    cycle_id: cycle.id,
    buy_price: '90',
    sell_price: '110',
    stop_loss: '70',
    no_of_cycle: 8,
    ...over,
  });

  it('refuses every call without a token', async () => {
    for (const url of ['editcycle', 'stopcycle', 'stopcyclewithsell']) {
      expect((await server.app.inject({ method: 'POST', url: `/api/${url}`, payload: edit() })).statusCode).toBe(401);
    }
  });

  describe('edit', () => {
    it('writes the settings and reaches the engine as a settings command, answering once it applied', async () => {
      expect(await outcome(alice, 'editcycle', edit())).toEqual([200, undefined, UI.cycleUpdated]);
      const r = await row();
      expect([r.buyPrice, r.sellPrice, r.stopLoss].map(Number)).toEqual([90, 110, 70]);
      expect(r.noOfCycle).toBe(8);
      expect((await commands()).map((c) => [c.kind, c.result, c.appliedAt !== null])).toEqual([['settings', 'ok', true]]);
      // A stop loss equal to the buy price is allowed (z <= b).
      expect(await outcome(alice, 'editcycle', edit({ stop_loss: '90', no_of_cycle: '2' }))).toEqual([
        200,
        undefined,
        UI.cycleUpdated,
      ]);
    });

    it('refuses a stop loss above the buy price, a sell not above it and a bad count, writing nothing', async () => {
      const cases: [object, string, string][] = [
        [edit({ stop_loss: '91' }), 'validation.invalid', VALIDATION.cycleStopLossAboveBuy],
        [edit({ sell_price: '90' }), 'validation.invalid', VALIDATION.cycleSellNotAboveBuy],
        [edit({ no_of_cycle: 0 }), 'validation.invalid', VALIDATION.cycleCountWhole],
        [edit({ no_of_cycle: 1.5 }), 'validation.invalid', VALIDATION.cycleCountWhole],
        [edit({ buy_price: 'x' }), 'validation.invalid', VALIDATION.priceNumber('Buy price')],
        [edit({ cycle_id: undefined }), 'validation.required', VALIDATION.cycleIdRequired],
      ];
      for (const [body, reason, message] of cases)
        expect(await outcome(alice, 'editcycle', body), JSON.stringify(body)).toEqual([400, reason, message]);
      expect(await commands()).toEqual([]);
      expect(Number((await row()).buyPrice)).toBe(95);
    });

    it('refuses fewer cycles than already completed, from the state or the column', async () => {
      const done = await insertCycle(server.database.db, alice.userId, { symbol: otherPair(), progress: { completed: 3 } });
      expect(await outcome(alice, 'editcycle', edit({ cycle_id: done.id, no_of_cycle: 2 }))).toEqual([
        400,
        'cycle.cycles_below_completed',
        SERVER.cyclesBelowCompleted(3),
      ]);
      expect(await outcome(alice, 'editcycle', edit({ cycle_id: done.id, no_of_cycle: 3 }))).toEqual([
        200,
        undefined,
        UI.cycleUpdated,
      ]);
      const byColumn = await insertCycle(server.database.db, alice.userId, {
        symbol: otherPair(),
        cyclesCompleted: 4,
        noOfCycle: 5,
      });
      expect(await outcome(alice, 'editcycle', edit({ cycle_id: byColumn.id, no_of_cycle: 3 }))).toEqual([
        400,
        'cycle.cycles_below_completed',
        SERVER.cyclesBelowCompleted(4),
      ]);
    });

    it("puts the prices on the pair's tick (buy and stop loss down, sell up)", async () => {
      expect(
        await outcome(alice, 'editcycle', edit({ buy_price: '90.019', sell_price: '110.001', stop_loss: '70.009' })),
      ).toEqual([200, undefined, UI.cycleUpdated]);
      const r = await row();
      expect([r.buyPrice, r.sellPrice, r.stopLoss].map(Number)).toEqual([90.01, 110.01, 70]);
      expect(await outcome(alice, 'editcycle', edit({ buy_price: '0.009', sell_price: '110', stop_loss: '0.001' }))).toEqual([
        400,
        'validation.invalid',
        SERVER.cyclePriceBelowTick('0.01'),
      ]);
    });

    it("refuses a buy price at which the amount no longer buys the exchange's minimum order", async () => {
      const pair = otherPair();
      const small = await insertCycle(server.database.db, alice.userId, {
        symbol: pair,
        amount: '5',
        buyPrice: '50',
        sellPrice: '60',
        stopLoss: '40',
      });
      // floor(5 / 95, 0.00001) = 0.05263 BTC, 4.99985 USDT at 95: under the 5 USDT minimum.
      expect(await outcome(alice, 'editcycle', edit({ cycle_id: small.id, buy_price: '95' }))).toEqual([
        400,
        'cycle.amount_below_minimum',
        SERVER.cycleAmountBelowMinimum(pair, '5', '4.99985'),
      ]);
      expect(
        await outcome(alice, 'editcycle', edit({ cycle_id: small.id, buy_price: '50', sell_price: '55', stop_loss: '45' })),
      ).toEqual([200, undefined, UI.cycleUpdated]);
      expect(await commands(small.id)).toHaveLength(1);
    });

    it('gives each engine refusal its reason, status and message', async () => {
      for (const [refusal, status, reason, message] of [
        ['already_stopped', 400, 'cycle.already_stopped', SERVER.cycleAlreadyStopped],
        ['not_applied_now', 409, 'cycle.change_not_applied', SERVER.cycleChangeNotApplied],
        ['cycles_below_completed', 400, 'cycle.cycles_below_completed', SERVER.cyclesBelowCompleted()],
        ['stoploss_above_buy', 400, 'validation.invalid', VALIDATION.cycleStopLossAboveBuy],
        ['sell_not_above_buy', 400, 'validation.invalid', VALIDATION.cycleSellNotAboveBuy],
        ['bot_not_found', 404, 'cycle.not_found', SERVER.cycleNotFound],
        // An engine of another version's own words: a change that did not apply, never its text.
        ['The exchange refused the new price.', 409, 'cycle.change_not_applied', SERVER.cycleChangeNotApplied],
      ] as const) {
        const target = await insertCycle(server.database.db, alice.userId, { symbol: otherPair() });
        answer = (c) => (c.runnableId === target.id ? refusal : 'ok');
        expect(await outcome(alice, 'editcycle', edit({ cycle_id: target.id })), refusal).toEqual([status, reason, message]);
        // The engine kept the settings it had: so do the columns the pages read.
        const [after] = await server.database.db.select().from(cycles).where(eq(cycles.id, target.id));
        expect([after!.buyPrice, after!.sellPrice, after!.stopLoss, after!.noOfCycle].map(String), refusal).toEqual(
          [target.buyPrice, target.sellPrice, target.stopLoss, target.noOfCycle].map(String),
        );
      }
    });
  });

  describe('stop and stop & sell', () => {
    it('stops through the engine, then refuses a second stop as already stopped', async () => {
      expect(await outcome(alice, 'stopcycle', { cycle_id: cycle.id })).toEqual([200, undefined, UI.cycleStopped]);
      expect((await commands()).map((c) => [c.kind, c.result])).toEqual([['stop', 'ok']]);
      expect((await row()).status).toBe('Stopped');
      for (const url of ['stopcycle', 'stopcyclewithsell', 'editcycle']) {
        expect(await outcome(alice, url, edit()), url).toEqual([400, 'cycle.already_stopped', SERVER.cycleAlreadyStopped]);
      }
      expect(await commands()).toHaveLength(1);
    });

    it('stops and sells through the engine', async () => {
      expect(await outcome(alice, 'stopcyclewithsell', { cycle_id: cycle.id })).toEqual([200, undefined, UI.cycleStoppedSold]);
      expect((await commands()).map((c) => [c.kind, c.result])).toEqual([['stopAndSell', 'ok']]);
      expect((await row()).stopReason).toBe('stopAndSell');
    });

    it('leaves nothing of two edits the engine refused behind a stop & sell that won the race', async () => {
      // The engine holds its answers until all three are queued, then applies the stop first.
      let release = false;
      answer = (c) => (!release ? null : c.kind === 'settings' ? 'already_stopped' : 'ok');
      const queued = async (n: number) => {
        while ((await commands()).length < n) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      const stop = outcome(alice, 'stopcyclewithsell', { cycle_id: cycle.id });
      await queued(1);
      const first = outcome(alice, 'editcycle', edit({ buy_price: '91', sell_price: '111', stop_loss: '71', no_of_cycle: 6 }));
      await queued(2);
      const second = outcome(alice, 'editcycle', edit({ buy_price: '92', sell_price: '112', stop_loss: '72', no_of_cycle: 7 }));
      await queued(3);
      release = true;
      expect(await stop).toEqual([200, undefined, UI.cycleStoppedSold]);
      expect(await first).toEqual([400, 'cycle.already_stopped', SERVER.cycleAlreadyStopped]);
      expect(await second).toEqual([400, 'cycle.already_stopped', SERVER.cycleAlreadyStopped]);
      const after = await row();
      expect([after.status, after.buyPrice, after.sellPrice, after.stopLoss, after.noOfCycle].map(String)).toEqual(
        ['Stopped', cycle.buyPrice, cycle.sellPrice, cycle.stopLoss, cycle.noOfCycle].map(String),
      );
    });

    it("answers the engine's refusals of a stop", async () => {
      answer = () => 'already_stopped';
      expect(await outcome(alice, 'stopcycle', { cycle_id: cycle.id })).toEqual([
        400,
        'cycle.already_stopped',
        SERVER.cycleAlreadyStopped,
      ]);
      const other = await insertCycle(server.database.db, alice.userId, { symbol: otherPair() });
      answer = () => 'not_applied_now';
      expect(await outcome(alice, 'stopcyclewithsell', { cycle_id: other.id })).toEqual([
        409,
        'cycle.change_not_applied',
        SERVER.cycleChangeNotApplied,
      ]);
    });

    it('needs a cycle_id', async () => {
      expect(await outcome(alice, 'stopcycle', {})).toEqual([400, 'validation.required', VALIDATION.cycleIdRequired]);
    });
  });

  it("answers another member's cycle, an unknown id and a malformed one with the same 404 on every call, touching nothing", async () => {
    const ids = [cycle.id, '7c1e1b0e-3f0a-4c55-9b43-8a3f0f0f0f0f', 'not-an-id'];
    for (const id of ids) {
      for (const [url, body] of [
        ['editcycle', edit({ cycle_id: id })],
        ['stopcycle', { cycle_id: id }],
        ['stopcyclewithsell', { cycle_id: id }],
      ] as const) {
        expect(await outcome(bob, url, body), `${url} ${id}`).toEqual([404, 'cycle.not_found', SERVER.cycleNotFound]);
      }
    }
    expect(await commands()).toEqual([]);
    expect(await row()).toMatchObject({ status: 'Live', noOfCycle: 5 });
  });
});
