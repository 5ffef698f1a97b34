import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER, UI, VALIDATION } from '../../../common/messages';
import { botCommands, bots } from '../../db/schema';
import { insertBot, startTestEngine, type BotRow, type CommandAnswer } from '../../modules/bots/testing/fixtures';
import { databaseTargets } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';

const targets = await databaseTargets();

describe.each(targets)('bot edits and stops on $name', (target) => {
  let server: TestServer;
  let alice: Registered;
  let bob: Registered;
  let engine: { stop(): void };
  /** What the stand-in engine answers; each test sets its own. */
  let answer: CommandAnswer = () => 'ok';
  let bot: BotRow;

  beforeAll(async () => {
    server = await createTestServer(target); // no exchange: the live price is the engine's last price
    [alice, bob] = await Promise.all([register(server, { username: 'Alice' }), register(server, { username: 'Bob' })]);
    engine = startTestEngine(server.database.db, (command) => answer(command));
  });
  afterAll(async () => {
    engine?.stop();
    await server?.close();
  });
  beforeEach(async () => {
    answer = () => 'ok';
    bot = await insertBot(server.database.db, alice.userId, { lastPrice: '100', totalGrid: 5 });
  });

  const { post } = memberApi(() => server);
  const expectMessage = async (
    res: Promise<{ statusCode: number; json(): { message: string } }>,
    status: number,
    message: string,
  ) => {
    const r = await res;
    expect([r.statusCode, r.json().message]).toEqual([status, message]);
  };
  const row = async (id = bot.id) => (await server.database.db.select().from(bots).where(eq(bots.id, id)))[0]!;
  const commands = (id = bot.id) => server.database.db.select().from(botCommands).where(eq(botCommands.runnableId, id));

  describe('profit book & stop at (%)', () => {
    it('saves 1..1000, writes the column and reaches the engine as a settings command', async () => {
      await expectMessage(post(alice, 'editprofitbookat', { botID: bot.id, profitBookValue: 50 }), 200, UI.profitBookSaved);
      expect((await row()).profitBook).toMatch(/^50(\.0+)?$/);
      expect((await commands()).map((c) => [c.kind, c.result, c.appliedAt !== null])).toEqual([['settings', 'ok', true]]);
      expect((await post(alice, 'profitbookat', { botID: bot.id })).json()).toEqual({ profitbookat: '50' });
      await expectMessage(post(alice, 'editprofitbookat', { botID: bot.id, profitBookValue: '1000' }), 200, UI.profitBookSaved);
      await expectMessage(post(alice, 'editprofitbookat', { botID: bot.id, profitBookValue: '1' }), 200, UI.profitBookSaved);
      await expectMessage(post(alice, 'editprofitbookat', { botID: bot.id, profitBookValue: null }), 200, UI.profitBookReset);
      expect((await post(alice, 'profitbookat', { botID: bot.id })).json()).toEqual({ profitbookat: null });
    });

    it('refuses values outside 1..1000 and non-numbers, writing nothing', async () => {
      for (const [profitBookValue, message] of [
        [0.5, VALIDATION.profitBookBelowOne],
        ['-3', VALIDATION.profitBookBelowOne],
        [1000.01, VALIDATION.profitBookAboveMax],
        ['ten', VALIDATION.profitBookNumber],
      ] as const) {
        await expectMessage(post(alice, 'editprofitbookat', { botID: bot.id, profitBookValue }), 400, message);
      }
      await expectMessage(post(alice, 'editprofitbookat', { botID: bot.id }), 400, VALIDATION.fieldRequired('profitBookValue'));
      expect(await commands()).toEqual([]);
      expect((await row()).profitBook).toBeNull();
    });
  });

  describe('overbuy grid protection', () => {
    it('saves an integer 1..total_grid - 1, and resets when inactive, null or empty', async () => {
      await expectMessage(
        post(alice, 'gridprotectionadd', { botID: bot.id, overbuyProtectionValue: 3, protectionActive: true }),
        200,
        UI.overbuySaved,
      );
      expect((await row()).overbuyProtection).toBe(3);
      expect((await post(alice, 'protectionvalues', { botID: bot.id })).json()).toEqual({
        is_protection_active: true,
        protection_grid_at: 3,
      });
      await expectMessage(
        post(alice, 'gridprotectionadd', { botID: bot.id, overbuyProtectionValue: '4', protectionActive: true }),
        200,
        UI.overbuySaved,
      );
      await expectMessage(
        post(alice, 'gridprotectionadd', { botID: bot.id, overbuyProtectionValue: 4, protectionActive: false }),
        200,
        UI.overbuyReset,
      );
      expect((await post(alice, 'protectionvalues', { botID: bot.id })).json()).toEqual({
        is_protection_active: false,
        protection_grid_at: null,
      });
      await expectMessage(
        post(alice, 'gridprotectionadd', { botID: bot.id, overbuyProtectionValue: null, protectionActive: true }),
        200,
        UI.overbuyReset,
      );
      await expectMessage(
        post(alice, 'gridprotectionadd', { botID: bot.id, overbuyProtectionValue: '', protectionActive: true }),
        200,
        UI.overbuyReset,
      );
      expect((await commands()).every((c) => c.kind === 'settings' && c.result === 'ok')).toBe(true);
    });

    it('refuses anything but an integer 1..total_grid - 1 with the SPEC message', async () => {
      for (const value of [0, 5, 2.5, '-1', 'two', true]) {
        const body = { botID: bot.id, overbuyProtectionValue: value, protectionActive: true };
        await expectMessage(post(alice, 'gridprotectionadd', body), 400, VALIDATION.overbuyRange(4));
      }
      await expectMessage(
        post(alice, 'gridprotectionadd', { botID: bot.id, overbuyProtectionValue: 2 }),
        400,
        VALIDATION.fieldRequired('protectionActive'),
      );
      expect((await row()).overbuyProtection).toBeNull();
    });
  });

  describe('SL/TP', () => {
    const sltp = (over: object) => ({
      botID: bot.id,
      sellAllAndPausePrice: null,
      restartPrice: null,
      stoplossPrice: null,
      ...over,
    });

    it('saves prices on the right side of the live price, and resets with all null', async () => {
      await expectMessage(
        post(alice, 'sltpedit', sltp({ sellAllAndPausePrice: 120, restartPrice: '90.5', stoplossPrice: 80 })),
        200,
        UI.sltpUpdated,
      );
      expect((await post(alice, 'sltp', { botID: bot.id })).json()).toEqual({
        sell_all_and_pause_at_price: '120',
        restart_at_price: '90.5',
        stoploss_and_stopbot_at_price: '80',
      });
      await expectMessage(post(alice, 'sltpedit', sltp({ sellAllAndPausePrice: 150 })), 200, UI.sltpUpdated);
      expect((await post(alice, 'sltp', { botID: bot.id })).json()).toEqual({
        sell_all_and_pause_at_price: '150',
        restart_at_price: null,
        stoploss_and_stopbot_at_price: null,
      });
      await expectMessage(post(alice, 'sltpedit', sltp({})), 200, UI.sltpReset);
      const r = await row();
      expect([r.pausePrice, r.restartPrice, r.stoplossPrice]).toEqual([null, null, null]);
    });

    it('refuses a pause at or below, and a stoploss at or above, the live price; and non-numbers', async () => {
      await expectMessage(post(alice, 'sltpedit', sltp({ sellAllAndPausePrice: 100 })), 400, VALIDATION.pausePriceAboveLive);
      await expectMessage(post(alice, 'sltpedit', sltp({ stoplossPrice: '100' })), 400, VALIDATION.stopLossBelowLive);
      await expectMessage(post(alice, 'sltpedit', sltp({ sellAllAndPausePrice: 'x' })), 400, VALIDATION.sellPausePriceNumber);
      await expectMessage(post(alice, 'sltpedit', sltp({ restartPrice: 'y' })), 400, VALIDATION.restartPriceNumber);
      await expectMessage(post(alice, 'sltpedit', sltp({ stoplossPrice: 'z' })), 400, VALIDATION.stoplossPriceNumber);
      await expectMessage(post(alice, 'sltpedit', sltp({ stoplossPrice: -1 })), 400, VALIDATION.priceAboveZero('Stoploss Price'));
      expect(await commands()).toEqual([]);
    });

    it('cannot compare before the bot has seen a price, so it only checks the numbers', async () => {
      const fresh = await insertBot(server.database.db, alice.userId, { lastPrice: null });
      await expectMessage(
        post(alice, 'sltpedit', { botID: fresh.id, sellAllAndPausePrice: 1, restartPrice: null, stoplossPrice: 2 }),
        200,
        UI.sltpUpdated,
      );
    });
  });

  describe('stop and stop & sell', () => {
    it('queues a stop; the engine stops the bot; a second stop and any edit are refused', async () => {
      await expectMessage(post(alice, 'stopbot', { botID: bot.id, botData: { anything: 1 } }), 200, UI.botStopped);
      expect((await commands()).map((c) => [c.kind, c.result])).toEqual([['stop', 'ok']]);
      expect((await row()).status).toBe('Stopped');
      await expectMessage(post(alice, 'stopbot', { botID: bot.id }), 400, SERVER.botAlreadyStopped);
      await expectMessage(post(alice, 'stopbotwithsell', { botID: bot.id }), 400, SERVER.botAlreadyStopped);
      await expectMessage(post(alice, 'editprofitbookat', { botID: bot.id, profitBookValue: 5 }), 400, SERVER.botAlreadyStopped);
      await expectMessage(
        post(alice, 'gridprotectionadd', { botID: bot.id, overbuyProtectionValue: 2, protectionActive: true }),
        400,
        SERVER.botAlreadyStopped,
      );
      await expectMessage(
        post(alice, 'sltpedit', { botID: bot.id, sellAllAndPausePrice: 200, restartPrice: null, stoplossPrice: null }),
        400,
        SERVER.botAlreadyStopped,
      );
      expect(await commands()).toHaveLength(1);
    });

    it('queues a stop & sell (botData and totalPnl accepted and ignored), also for a paused bot', async () => {
      await server.database.db.update(bots).set({ status: 'Pause' }).where(eq(bots.id, bot.id));
      await expectMessage(
        post(alice, 'stopbotwithsell', { botID: bot.id, botData: {}, totalPnl: '12.3' }),
        200,
        UI.botStoppedSold,
      );
      expect((await commands()).map((c) => c.kind)).toEqual(['stopAndSell']);
    });

    it("answers 409, could not apply, when the engine refuses for a reason the API does not name: never the engine's own words", async () => {
      answer = () => 'Insufficient BTC balance on the exchange to sell.';
      await expectMessage(post(alice, 'stopbotwithsell', { botID: bot.id }), 409, SERVER.botChangeNotApplied);
      answer = () => 'The bot is busy.';
      await expectMessage(
        post(alice, 'editprofitbookat', { botID: bot.id, profitBookValue: 5 }),
        409,
        SERVER.botChangeNotApplied,
      );
      expect((await row()).status).toBe('Live');
    });
  });

  it("refuses another member's bot (404) and calls without a token (401), queuing nothing", async () => {
    const calls: [string, object][] = [
      ['stopbot', {}],
      ['stopbotwithsell', {}],
      ['editprofitbookat', { profitBookValue: 5 }],
      ['gridprotectionadd', { overbuyProtectionValue: 2, protectionActive: true }],
      ['sltpedit', { sellAllAndPausePrice: 200, restartPrice: null, stoplossPrice: null }],
    ];
    for (const [url, body] of calls) {
      await expectMessage(post(bob, url, { botID: bot.id, ...body }), 404, SERVER.botNotFound);
      await expectMessage(post(alice, url, { botID: 'nope', ...body }), 404, SERVER.botNotFound);
      expect(
        (await server.app.inject({ method: 'POST', url: `/api/${url}`, payload: { botID: bot.id, ...body } })).statusCode,
      ).toBe(401);
    }
    expect(await commands()).toEqual([]);
    expect((await row()).status).toBe('Live');
  });
});
