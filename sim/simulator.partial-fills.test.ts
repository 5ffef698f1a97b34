/**
 * Partial fills of resting limit orders (control.fillPartially): the part executes at the limit
 * as a maker trade with the fees and balances of any fill, the order is PARTIALLY_FILLED and
 * rests on; the price crossing it fills the rest (a second trade); a cancel answers CANCELED with
 * what executed. Spot and USD-M, through ccxt as the server drives them.
 */
import type ccxt from 'ccxt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulator } from './index';
import { ccxtFor, startTestSimulator } from './testing/simulator';

let sim: RunningSimulator;
let ex: InstanceType<typeof ccxt.binance>;
let apiKey: string;

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

beforeEach(async () => {
  const key = sim.control.createAccount({ balances: { USDT: '10000', SOL: '20' }, futuresBalances: { USDT: '5000' } });
  apiKey = key.apiKey;
  ex = ccxtFor(sim, key);
  await ex.loadMarkets();
  sim.control.setPrice('SOLUSDT', '100');
});

const balances = () => sim.control.getAccount(apiKey)!.balances;
const trades = () => sim.control.getAccount(apiKey)!.trades;

describe('partial fills of resting spot limits', () => {
  it('fills part of a buy at its limit as a maker trade, then the rest when the price crosses it: two trades, the balances of one whole fill', async () => {
    const order = await ex.createOrder('SOL/USDT', 'limit', 'buy', 10, 95, { clientOrderId: 'pb-1' });
    // 10 x 95 + 0.1 % fee reserved
    expect(balances().USDT).toEqual({ free: '9049.05000000', locked: '950.95000000' });

    expect(sim.control.fillPartially(apiKey, 'pb-1', '4')).toMatchObject({
      clientOrderId: 'pb-1',
      status: 'PARTIALLY_FILLED',
      executedQty: '4',
      origQty: '10',
    });
    const partial = await ex.fetchOrder(order.id!, 'SOL/USDT');
    expect(partial).toMatchObject({ status: 'open', filled: 4, remaining: 6, cost: 380, average: 95 });
    expect(partial.info).toMatchObject({
      status: 'PARTIALLY_FILLED',
      executedQty: '4.00000000',
      cummulativeQuoteQty: '380.00000000',
    });
    // The part's share of the reserve paid 380 + 0.38 fee; the rest stays locked.
    expect(balances().USDT).toEqual({ free: '9049.05000000', locked: '570.57000000' });
    expect(balances().SOL).toEqual({ free: '24.00000000', locked: '0.00000000' });
    expect((await ex.fetchOpenOrders('SOL/USDT')).map((o) => o.clientOrderId)).toEqual(['pb-1']);
    expect(trades()).toEqual([
      expect.objectContaining({
        orderId: Number(order.id),
        side: 'BUY',
        price: '95',
        qty: '4',
        commission: '0.38',
        commissionAsset: 'USDT',
      }),
    ]);

    sim.control.setPrice('SOLUSDT', '94.5');
    const filled = await ex.fetchOrder(order.id!, 'SOL/USDT');
    expect(filled).toMatchObject({ status: 'closed', filled: 10, remaining: 0, cost: 950, average: 95 });
    const fills = await ex.fetchMyTrades('SOL/USDT');
    expect(fills.map((t) => [t.order, t.price, t.amount, t.fee!.cost, t.takerOrMaker])).toEqual([
      [order.id, 95, 4, 0.38, 'maker'],
      [order.id, 95, 6, 0.57, 'maker'],
    ]);
    expect(new Set(fills.map((t) => t.id)).size).toBe(2);
    // As one fill of 10 at 95: 10000 - 950.95, nothing left locked.
    expect(balances().USDT).toEqual({ free: '9049.05000000', locked: '0.00000000' });
    expect(balances().SOL).toEqual({ free: '30.00000000', locked: '0.00000000' });
    expect(await ex.fetchOpenOrders('SOL/USDT')).toEqual([]);
  });

  it('cancels a partially filled sell: CANCELED with what executed, the rest unlocked, and nothing fills later', async () => {
    const order = await ex.createOrder('SOL/USDT', 'limit', 'sell', 10, 105, { clientOrderId: 'ps-1' });
    sim.control.fillPartially(apiKey, 'ps-1', '3');
    // 3 x 105 - 0.1 %
    expect(balances().USDT).toEqual({ free: '10314.68500000', locked: '0.00000000' });
    expect(balances().SOL).toEqual({ free: '10.00000000', locked: '7.00000000' });

    const cancelled = await ex.cancelOrder(order.id!, 'SOL/USDT');
    expect(cancelled).toMatchObject({ status: 'canceled', filled: 3 });
    expect(cancelled.info).toMatchObject({ status: 'CANCELED', executedQty: '3.00000000', cummulativeQuoteQty: '315.00000000' });
    expect(balances().SOL).toEqual({ free: '17.00000000', locked: '0.00000000' });
    sim.control.setPrice('SOLUSDT', '106');
    expect(trades()).toHaveLength(1);
    expect(balances().USDT).toEqual({ free: '10314.68500000', locked: '0.00000000' });
  });

  it('takes several parts, and refuses what is no partial fill of a resting order', async () => {
    await ex.createOrder('SOL/USDT', 'limit', 'buy', 1, 90, { clientOrderId: 'pr-1' });
    expect(() => sim.control.fillPartially(apiKey, 'nope', '0.1')).toThrow(/Order does not exist/);
    expect(() => sim.control.fillPartially('x'.repeat(64), 'pr-1', '0.1')).toThrow(/Invalid API-key/);
    for (const qty of ['0', '0.0005', 'abc']) expect(() => sim.control.fillPartially(apiKey, 'pr-1', qty)).toThrow(/LOT_SIZE/);
    expect(() => sim.control.fillPartially(apiKey, 'pr-1', '1')).toThrow(/less than the 1 left/);
    sim.control.fillPartially(apiKey, 'pr-1', '0.3');
    sim.control.fillPartially(apiKey, 'pr-1', '0.3');
    expect(() => sim.control.fillPartially(apiKey, 'pr-1', '0.4')).toThrow(/less than the 0.4 left/);
    expect(sim.control.fillPartially(apiKey, 'pr-1', '0.399')).toMatchObject({
      executedQty: '0.999',
      status: 'PARTIALLY_FILLED',
    });
    sim.control.setPrice('SOLUSDT', '89');
    expect(trades().map((t) => t.qty)).toEqual(['0.3', '0.3', '0.399', '0.001']);
    // 90 + 0.09 fee, paid in four parts
    expect(balances().USDT).toEqual({ free: '9909.91000000', locked: '0.00000000' });
    expect(() => sim.control.fillPartially(apiKey, 'pr-1', '0.1')).toThrow(/Order does not exist/);
  });
});

describe('partial fills of resting USD-M limits', () => {
  it('opens the part of the long at the limit, freeing its share of the reserved margin, then the rest: as one fill of the whole', async () => {
    const order = await ex.createOrder('SOL/USDT:USDT', 'limit', 'buy', 2, 95, { clientOrderId: 'fb-1' });
    // 1x: 190 margin + 0.19 fee reserved
    expect(sim.control.getAccount(apiKey)!.futures.availableBalance).toBe('4809.81000000');
    sim.control.fillPartially(apiKey, 'fb-1', '0.5');
    expect((await ex.fetchOrder(order.id!, 'SOL/USDT:USDT')).info).toMatchObject({
      status: 'PARTIALLY_FILLED',
      executedQty: '0.5',
      cumQuote: '47.5',
    });
    const part = sim.control.getAccount(apiKey)!.futures;
    expect(part).toMatchObject({ walletBalance: '4999.95250000', availableBalance: '4809.81000000' });
    expect(part.positions).toEqual([
      expect.objectContaining({ symbol: 'SOLUSDT', amount: '0.5', entryPrice: '95', isolatedMargin: '47.5' }),
    ]);

    sim.control.setPrice('SOLUSDT', '94');
    expect(await ex.fetchOrder(order.id!, 'SOL/USDT:USDT')).toMatchObject({ status: 'closed', filled: 2, average: 95 });
    const whole = sim.control.getAccount(apiKey)!.futures;
    expect(whole).toMatchObject({ walletBalance: '4999.81000000', availableBalance: '4809.81000000' });
    expect(whole.positions).toEqual([expect.objectContaining({ amount: '2', entryPrice: '95', isolatedMargin: '190' })]);
    expect(
      trades()
        .filter((t) => t.market === 'futures')
        .map((t) => [t.qty, t.commission]),
    ).toEqual([
      ['0.5', '0.0475'],
      ['1.5', '0.1425'],
    ]);
  });

  it('needs the market named only when a spot and a USD-M order share the client id', async () => {
    await ex.createOrder('SOL/USDT', 'limit', 'buy', 1, 90, { clientOrderId: 'both' });
    await ex.createOrder('SOL/USDT:USDT', 'limit', 'buy', 1, 90, { clientOrderId: 'both' });
    expect(() => sim.control.fillPartially(apiKey, 'both', '0.1')).toThrow(/name the market/);
    expect(sim.control.fillPartially(apiKey, 'both', '0.1', 'futures')).toMatchObject({ market: 'futures', executedQty: '0.1' });
    expect(sim.control.getAccount(apiKey)!.openOrders.map((o) => [o.market, o.executedQty])).toEqual([
      ['spot', '0'],
      ['futures', '0.1'],
    ]);
  });
});
