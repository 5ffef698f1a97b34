/**
 * POST /api/startbotdata's field rules through the server: each
 * required field of SPEC section 5's Start bot form, Profit book & stop at (%) within 1..1000,
 * and the pause and stoploss prices against the live price, each with the form's message.
 * POST /api/startscalp answers that Scalping Grid is coming soon whatever the body, and so does
 * POST /api/startbotdata for a body whose botType is Scalping Grid (the server routes by type).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER, VALIDATION } from '../../../common/messages';
import { oneDatabaseTarget } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createSimulatedServer, subscribedTrader, type SimulatedServer } from '../../testing/simulated-server';
import { SPOT_BOT_START as SPOT } from '../testing/start-bodies';

// One database (testing/databases.ts' rule): request validation, each start asked one at a time.
const targets = await oneDatabaseTarget();
const LIVE_PRICE = '150';

/** `body` without `field`, as a form that never sent it. */
function without(body: object, field: string): object {
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
}

describe.each(targets)('start bot field rules on $name', (target) => {
  let server: SimulatedServer;
  let member: Registered;
  const api = memberApi(() => server);

  /** A member with a subscription and simulator keys holding this much spot USDT. */
  const trader = (spot: string) => subscribedTrader(server, { spot, futures: '0' });

  const answer = async (who: Registered, url: string, body: object) => {
    const res = await api.post(who, url, body);
    return [res.statusCode, res.json().message];
  };

  beforeAll(async () => {
    server = await createSimulatedServer(target, {}, { SOLUSDT: LIVE_PRICE });
    member = await register(server);
  });
  afterAll(() => server?.close());

  it.each([
    ['botType', VALIDATION.botTypeRequired],
    ['category', VALIDATION.categoryRequired],
    ['selectPair', VALIDATION.pairRequired],
    ['myStrategy', VALIDATION.strategyRequired],
    ['amount', VALIDATION.amountRequired],
  ])('asks for %s when it is missing or empty', async (field, message) => {
    expect(await answer(member, 'startbotdata', without(SPOT, field))).toEqual([400, message]);
    expect(await answer(member, 'startbotdata', { ...SPOT, [field]: '' })).toEqual([400, message]);
  });

  it('says the amount must be a number', async () => {
    expect(await answer(member, 'startbotdata', { ...SPOT, amount: 'abc' })).toEqual([400, VALIDATION.amountNumber]);
  });

  it("holds Profit book & stop at (%) to 1..1000 with the form's messages", async () => {
    for (const profitbookat of ['0', '-5', '0.99']) {
      expect(await answer(member, 'startbotdata', { ...SPOT, profitbookat }), profitbookat).toEqual([
        400,
        VALIDATION.profitBookBelowOne,
      ]);
    }
    for (const profitbookat of ['1001', 1000.5]) {
      expect(await answer(member, 'startbotdata', { ...SPOT, profitbookat }), String(profitbookat)).toEqual([
        400,
        VALIDATION.profitBookAboveMax,
      ]);
    }
    expect(await answer(member, 'startbotdata', { ...SPOT, profitbookat: 'x' })).toEqual([400, VALIDATION.profitBookNumber]);
  });

  it('accepts Profit book & stop at (%) of 1 and of 1000', async () => {
    const who = await trader('2000');
    for (const profitbookat of ['1', '1000']) {
      expect(await answer(who, 'startbotdata', { ...SPOT, profitbookat }), profitbookat).toEqual([
        200,
        SERVER.userRequestCreated,
      ]);
    }
  });

  it('wants the pause price above and the stoploss price below the live price', async () => {
    const who = await trader('1000');
    for (const sellPausePrice of [LIVE_PRICE, '149.99']) {
      expect(await answer(who, 'startbotdata', { ...SPOT, sellPausePrice }), sellPausePrice).toEqual([
        400,
        VALIDATION.pausePriceAboveLive,
      ]);
    }
    for (const stoplossPrice of [LIVE_PRICE, '150.01']) {
      expect(await answer(who, 'startbotdata', { ...SPOT, stoplossPrice }), stoplossPrice).toEqual([
        400,
        VALIDATION.stopLossBelowLive,
      ]);
    }
    const prices = { sellPausePrice: '150.01', stoplossPrice: '149.99' };
    expect(await answer(who, 'startbotdata', { ...SPOT, ...prices })).toEqual([200, SERVER.userRequestCreated]);
  });

  it("wants every price it is given above 0, with the form's message", async () => {
    const who = await trader('1000');
    const labels = { sellPausePrice: 'Sell All And Pause Price', restartPrice: 'Restart Price', stoplossPrice: 'Stoploss Price' };
    for (const [field, label] of Object.entries(labels)) {
      for (const value of ['0', '-1', 0]) {
        expect(await answer(who, 'startbotdata', { ...SPOT, [field]: value }), `${field} ${value}`).toEqual([
          400,
          VALIDATION.priceAboveZero(label),
        ]);
      }
    }
  });

  it('answers /api/startscalp with coming soon for an empty, a partial or a full body', async () => {
    const full = { ...SPOT, botType: 'Scalping Grid' };
    for (const body of [{}, { amount: 'abc' }, full]) {
      expect(await answer(member, 'startscalp', body), JSON.stringify(body)).toEqual([400, SERVER.scalpingComingSoon]);
    }
  });

  it('routes a start by its bot type: a Scalping Grid sent to /api/startbotdata is coming soon, and starts nothing', async () => {
    const who = await trader('1000');
    expect(await answer(who, 'startbotdata', { ...SPOT, botType: 'Scalping Grid' })).toEqual([400, SERVER.scalpingComingSoon]);
    // The same member's Advanced Multigrid still starts: the refusal held no start lock and wrote no bot.
    expect(await answer(who, 'startbotdata', SPOT)).toEqual([200, SERVER.userRequestCreated]);
  });

  it('still wants a signed-in member for /api/startscalp', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/startscalp', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
