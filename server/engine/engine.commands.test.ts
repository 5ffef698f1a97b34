/**
 * Member commands and stops, end to end through the API and a running engine: stop, stop & sell,
 * SL/TP, profit book and protection edits reaching the bot, every stop recorded with its reason
 * and told to the member, and exchange errors the member must fix stopping the bot.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MemberEvent } from '../../common/api/bots';
import { Decimal } from '../../common/money';
import { UI } from '../../common/messages';
import { botCommands, memberEvents } from '../db/schema';
import { debit } from '../../sim/accounts';
import { bearer } from '../testing/members';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import { type EngineHarness, until } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';

describe.each(targets)('member commands reach the running bot on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness;
  let engine: Engine;
  let botId: string;

  async function begin(): Promise<void> {
    h = harnesses.shared();
    h.setPrice(SYMBOL, '145.00');
    engine = h.startEngine();
    botId = await h.startBot();
    await engine.claim();
    await engine.metrics.waitFor(SYMBOL, '145.00');
  }

  const post = (url: string, payload: object) =>
    h.server.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: bearer(h.member.token) });

  async function events(): Promise<MemberEvent[]> {
    const rows = await h.db
      .select()
      .from(memberEvents)
      .where(eq(memberEvents.userId, h.member.userId))
      .orderBy(asc(memberEvents.id));
    return rows.map((r) => r.payload as MemberEvent);
  }

  async function stoppedEvent(): Promise<MemberEvent | undefined> {
    return (await events()).find((e) => e.kind === 'bot.stopped');
  }

  it('the price gauge keeps up on a pair whose last bot stopped and left the engine', async () => {
    await begin();
    await engine.metrics.waitFor(SYMBOL, '145.00');
    h.setPrice(SYMBOL, '146.00');
    await engine.metrics.waitFor(SYMBOL, '146.00');
    expect((await post('stopbot', { botID: botId })).statusCode).toBe(200);
    await until(() => engine.size === 0); // the heartbeat drops the stopped bot's runner
    // Tests and benches wait on this gauge: it must not freeze at the last price a bot saw.
    h.setPrice(SYMBOL, '147.00');
    await engine.metrics.waitFor(SYMBOL, '147.00');
    expect(h.exchangeOrders()).toBe(1);
  });

  it('the price gauge keeps up on a pair whose only bot stopped before the stream sent it a price', async () => {
    // The stream's price came before the bot ran, so the bot's one price was its start
    // evaluation; that evaluation's order fails, so no trade makes the stream send the price
    // again while the bot runs (e2e futures: a liquidation seen before the next price). The
    // feed's state is what it is about: a harness of its own.
    h = await harnesses.own();
    h.setPrice(SYMBOL, '145.00');
    engine = h.startEngine();
    // The engine has had the price, with no bot on it, and the stream is up: the REST fallback
    // polls a bot's pair again while it runs, the stream sends a pair only when it changes (so
    // another pair's moves bring the stream up).
    const md = h.exchange.marketData;
    let flip = false;
    let set = '145.00';
    // Until the feed knows the price the exchange has now (a price set last round may still be on its way).
    const known = () => md.knownPrice(SYMBOL);
    await until(() => {
      const up = md.feedStats().streamUp;
      if (up && known() !== null) return new Decimal(known()!).eq(set); // else the last price is on its way: wait for it
      flip = !flip;
      if (up) h.setPrice(SYMBOL, (set = flip ? '145.50' : '145.00'));
      else h.setPrice('ETHUSDT', flip ? '3000.00' : '3001.00');
      return false;
    });
    const price = md.knownPrice(SYMBOL)!;
    botId = await h.startBot();
    const account = h.exchange.simulator.core.accounts.get(h.apiKey)!;
    debit(account, 'USDT', account.balances.get('USDT')!.free);
    await engine.claim();
    await engine.metrics.waitFor(SYMBOL, price);
    expect((await h.bot(botId)).stopReason).toBe('insufficientBalance');
    await until(() => engine.size === 0);
    h.setPrice(SYMBOL, '147.00');
    await engine.metrics.waitFor(SYMBOL, '147.00');
  });

  it('stop: no new orders, holdings stay, reason manual, the member is told', async () => {
    await begin();
    const res = await post('stopbot', { botID: botId });
    expect([res.statusCode, res.json().message]).toEqual([200, UI.botStopped]);
    const bot = await h.bot(botId);
    expect([bot.status, bot.stopReason]).toEqual(['Stopped', 'manual']);
    expect(await stoppedEvent()).toMatchObject({
      kind: 'bot.stopped',
      botID: botId,
      name: SYMBOL,
      reason: 'manual',
      status: 'Stopped',
    });
    // A running bot would arm its take profit at 150 and sell at 130; the gauge says the engine
    // has seen each price and done all it does at it.
    h.setPrice(SYMBOL, '150.00');
    await engine.metrics.waitFor(SYMBOL, '150.00');
    h.setPrice(SYMBOL, '130.00');
    await engine.metrics.waitFor(SYMBOL, '130.00');
    expect(h.exchangeOrders()).toBe(1);
    expect(h.exchangeHolding('SOL')).toBe(new Decimal(bot.heldQty).toFixed());
  });

  it('stop & sell: one market sell of everything held, then stopped', async () => {
    await begin();
    await h.drive(engine, SYMBOL, ['143.00', '142.00', '141.90', '143.40']); // grid 2 bought too
    const res = await post('stopbotwithsell', { botID: botId });
    expect([res.statusCode, res.json().message]).toEqual([200, UI.botStoppedSold]);
    const bot = await h.bot(botId);
    expect([bot.status, bot.stopReason, bot.heldQty]).toEqual(['Stopped', 'stopAndSell', new Decimal(0).toFixed(18)]);
    expect(h.exchangeHolding('SOL')).toBe('0');
    const trades = await h.trades(botId);
    expect(trades.at(-1)).toMatchObject({ side: 'sell', grid: 0, price: '143.4' });
    expect((await stoppedEvent())?.kind).toBe('bot.stopped');
  });

  it('an SL/TP edit reaches the bot: the stoploss sells everything and stops it', async () => {
    await begin();
    const res = await post('sltpedit', { botID: botId, sellAllAndPausePrice: null, restartPrice: null, stoplossPrice: '140' });
    expect([res.statusCode, res.json().message]).toEqual([200, UI.sltpUpdated]);
    await h.drive(engine, SYMBOL, ['141.00', '140.00']);
    await engine.idle();
    const bot = await h.bot(botId);
    expect([bot.status, bot.stopReason]).toEqual(['Stopped', 'stoploss']);
    expect(h.exchangeHolding('SOL')).toBe('0');
    expect(await stoppedEvent()).toMatchObject({ reason: 'stoploss', status: 'Stopped' });
  });

  it('pause sells everything and waits; the restart price starts it again as a fresh bot', async () => {
    await begin();
    await post('sltpedit', { botID: botId, sellAllAndPausePrice: '150', restartPrice: '146', stoplossPrice: null });
    await h.drive(engine, SYMBOL, ['148.00', '150.00']);
    let bot = await h.bot(botId);
    expect([bot.status, bot.stopReason]).toEqual(['Pause', 'pause']);
    expect(await stoppedEvent()).toMatchObject({ reason: 'pause', status: 'Pause' });
    expect(h.exchangeHolding('SOL')).toBe('0');
    await h.drive(engine, SYMBOL, ['147.00', '146.00']);
    bot = await h.bot(botId);
    expect([bot.status, bot.gridNo]).toEqual(['Live', 1]);
    expect((await h.trades(botId)).at(-1)).toMatchObject({ side: 'buy', grid: 1, price: '146' });
  });

  it('profit book & stop sells everything once the target is reached', async () => {
    await begin();
    const res = await post('editprofitbookat', { botID: botId, profitBookValue: 1 });
    expect([res.statusCode, res.json().message]).toEqual([200, UI.profitBookSaved]);
    // 1 % of 1000 = 10 USDT: grid 1 holds 400 USDT of SOL, so about +2.7 % on it books it.
    await h.drive(engine, SYMBOL, ['147.00', '149.20']);
    await engine.idle();
    const bot = await h.bot(botId);
    expect([bot.status, bot.stopReason]).toEqual(['Stopped', 'profitBook']);
  });

  it('overbuy protection stops buying at k held grids', async () => {
    await begin();
    const res = await post('gridprotectionadd', { botID: botId, overbuyProtectionValue: 1, protectionActive: true });
    expect([res.statusCode, res.json().message]).toEqual([200, UI.overbuySaved]);
    // The API answers once the engine applied the command or its wait ran out (a loaded machine):
    // the prices come after the engine applied it, as they would for a member.
    await until(async () =>
      (await h.db.select({ appliedAt: botCommands.appliedAt }).from(botCommands).where(eq(botCommands.runnableId, botId))).every(
        (c) => c.appliedAt !== null,
      ),
    );
    await h.drive(engine, SYMBOL, ['143.00', '142.00', '141.90', '143.40', '139.00', '141.00']);
    expect((await h.bot(botId)).gridNo).toBe(1);
    expect(h.exchangeOrders()).toBe(1);
  });

  it('an exchange that refuses for lack of funds stops the bot with that reason, holdings kept', async () => {
    await begin();
    const account = h.exchange.simulator.core.accounts.get(h.apiKey)!;
    debit(account, 'USDT', account.balances.get('USDT')!.free);
    await h.drive(engine, SYMBOL, ['143.00', '142.00', '141.90', '143.40']);
    await engine.idle();
    const bot = await h.bot(botId);
    expect([bot.status, bot.stopReason]).toEqual(['Stopped', 'insufficientBalance']);
    expect(bot.stopMessage).toMatch(/insufficient/i);
    expect(await stoppedEvent()).toMatchObject({ reason: 'insufficientBalance' });
    expect(h.exchangeHolding('SOL')).toBe(new Decimal(bot.heldQty).toFixed());
    const failed = await h.db
      .select()
      .from(memberEvents)
      .where(and(eq(memberEvents.userId, h.member.userId), eq(memberEvents.kind, 'bot.stopped')));
    expect(failed).toHaveLength(1);
  });

  it('keys the exchange refuses (IP no longer allowed) stop the bot', async () => {
    await begin();
    h.exchange.simulator.core.accounts.get(h.apiKey)!.ipRestrict = ['10.9.9.9'];
    await h.drive(engine, SYMBOL, ['143.00', '142.00', '141.90', '143.40']);
    await engine.idle();
    const bot = await h.bot(botId);
    expect(bot.status).toBe('Stopped');
    expect(['keysRevoked', 'ipNotAllowed']).toContain(bot.stopReason);
  });
});
