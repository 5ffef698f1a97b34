import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator } from './index';
import { ccxtFor, startTestSimulator } from './testing/simulator';

let sim: RunningSimulator;
let ex: InstanceType<typeof ccxt.binance>;
let apiKey: string;

beforeAll(async () => {
  sim = await startTestSimulator();
  const key = sim.control.createAccount({ balances: { USDT: '10000', ETH: '2' }, futuresBalances: { USDT: '500' } });
  apiKey = key.apiKey;
  ex = ccxtFor(sim, key);
  await ex.loadMarkets();
});
afterAll(() => sim.close());

describe('simulator spot through ccxt', () => {
  it('lists at least 22 USDT pairs with Binance filters', () => {
    const spot = Object.values(ex.markets!).filter((m) => m.spot);
    expect(spot.length).toBeGreaterThanOrEqual(22);
    const btc = ex.market('BTC/USDT');
    expect(btc.precision).toMatchObject({ price: 0.01, amount: 0.00001 });
    expect(btc.limits.cost?.min).toBe(5);
    expect(ex.market('BTC/USDT:USDT').linear).toBe(true);
  });

  it('serves tickers and klines with history before the start', async () => {
    expect((await ex.fetchTicker('BTC/USDT')).last).toBe(67250.12);
    expect(Object.keys(await ex.fetchTickers(['BTC/USDT', 'ETH/USDT']))).toEqual(['BTC/USDT', 'ETH/USDT']);
    const candles = await ex.fetchOHLCV('ETH/USDT', '1h', undefined, 48);
    expect(candles).toHaveLength(48);
    expect(candles.at(-1)![4]).toBe(3450.55);
    expect(candles.every(([, o, h, l, c]) => h! >= Math.max(o!, c!) && l! <= Math.min(o!, c!))).toBe(true);
  });

  it('buys at market by amount and by quote cost, charging 0.1 % in USDT', async () => {
    const byAmount = await ex.createOrder('BTC/USDT', 'market', 'buy', 0.001);
    expect(byAmount).toMatchObject({ status: 'closed', filled: 0.001, average: 67250.12 });
    expect(byAmount.fee).toEqual({ currency: 'USDT', cost: 0.06725012 });
    const byCost = await ex.createMarketBuyOrderWithCost('BTC/USDT', 50);
    expect(byCost.filled).toBe(0.00074);
    const sold = await ex.createOrder('ETH/USDT', 'market', 'sell', 0.5);
    expect(sold.cost).toBe(1725.275);
  });

  it('rests a limit order, fills it at its limit when the price crosses, and reports the trade', async () => {
    const order = await ex.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 3400, { clientOrderId: 'grid-1' });
    expect(order.status).toBe('open');
    expect((await ex.fetchOpenOrders('ETH/USDT')).map((o) => o.clientOrderId)).toEqual(['grid-1']);
    expect((await ex.fetchBalance()).USDT!.used).toBe(340.34);
    await fetch(`${sim.url}/sim/price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'ETHUSDT', price: '3390.10' }),
    });
    const filled = await ex.fetchOrder('', 'ETH/USDT', { origClientOrderId: 'grid-1' });
    expect(filled).toMatchObject({ status: 'closed', average: 3400, clientOrderId: 'grid-1' });
    const trades = await ex.fetchMyTrades('ETH/USDT');
    expect(trades.at(-1)).toMatchObject({ price: 3400, amount: 0.1, fee: { currency: 'USDT', cost: 0.34 } });
  });

  it('cancels an open order and refuses an unknown one', async () => {
    const order = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.0002, 30000);
    expect((await ex.cancelOrder(order.id!, 'BTC/USDT')).status).toBe('canceled');
    await expect(ex.cancelOrder(order.id!, 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await expect(ex.fetchOrder('999', 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
  });

  it('refuses orders that break filters or the balance, with Binance codes', async () => {
    await expect(ex.createOrder('BTC/USDT', 'market', 'buy', 0.00001)).rejects.toThrow(/-1013.*NOTIONAL/);
    await expect(ex.createOrder('BTC/USDT', 'limit', 'buy', 1, 50000)).rejects.toBeInstanceOf(ccxt.InsufficientFunds);
    await expect(ex.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 50000, { clientOrderId: 'dup' })).resolves.toBeTruthy();
    await expect(ex.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 50000, { clientOrderId: 'dup' })).rejects.toThrow(
      /Duplicate order/,
    );
  });

  it('swaps an asset to USDT with a market sell', async () => {
    const before = (await ex.fetchBalance()).USDT!.free!;
    await ex.createOrder('ETH/USDT', 'market', 'sell', 1);
    const after = await ex.fetchBalance();
    expect(after.ETH!.free).toBeCloseTo(0.6, 10);
    expect(after.USDT!.free! - before).toBeCloseTo(3390.1 * 0.999, 6);
  });

  it('transfers USDT between spot and USD-M futures both ways', async () => {
    await ex.transfer('USDT', 100, 'spot', 'future');
    expect((await ex.fetchBalance({ type: 'future' })).USDT!.free).toBe(600);
    await ex.transfer('USDT', 50, 'future', 'spot');
    expect(sim.control.getAccount(apiKey)!.futures.walletBalance).toBe('550.00000000');
    await expect(ex.transfer('USDT', 100000, 'spot', 'future')).rejects.toThrow(/insufficient balance/);
  });

  it('reports key restrictions: trade-only by default', async () => {
    const r = await ex.sapiGetAccountApiRestrictions();
    expect(r).toMatchObject({
      enableWithdrawals: false,
      enableSpotAndMarginTrading: true,
      enableFutures: true,
      ipRestrict: false,
    });
  });

  it('rejects a wrong secret and an unknown key as authentication errors', async () => {
    const bad = ccxtFor(sim, { apiKey, secretKey: 'f'.repeat(64) });
    bad.markets = ex.markets;
    await expect(bad.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
    const unknown = ccxtFor(sim, { apiKey: 'x'.repeat(64), secretKey: 'f'.repeat(64) });
    unknown.markets = ex.markets;
    await expect(unknown.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
  });
});
