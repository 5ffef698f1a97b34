import { describe, expect, it } from 'vitest';
import { type Account, AccountStore } from './accounts';
import { hmacHex, verifySigned } from './auth';
import { SimulatorCore } from './core';
import { checkOrderFilters } from './filters';
import { bracketFor, isolatedLongLiquidationPrice } from './liquidation';
import { Decimal } from './num';
import { DEFAULT_SYMBOLS, toSpec } from './symbols';
import { WeightMeter } from './weights';

const btc = toSpec(DEFAULT_SYMBOLS[0]!);
const d = (v: string) => new Decimal(v);

describe('filters', () => {
  it.each([
    ['67250.123', '0.001', true, 'PRICE_FILTER'],
    ['67250.12', '0.000015', true, 'LOT_SIZE'],
    ['67250.12', '0.00007', true, 'NOTIONAL'],
  ])('refuses price %s qty %s with %s', (price, qty, limit, filter) => {
    expect(() => checkOrderFilters(btc, d(price), d(qty), limit)).toThrow(`Filter failure: ${filter}`);
  });
  it('accepts an order on tick, on step and above the minimum notional', () => {
    expect(() => checkOrderFilters(btc, d('67250.12'), d('0.00008'), true)).not.toThrow();
  });
});

describe('liquidation price', () => {
  it('follows the isolated formula with the bracket maintenance amount', () => {
    // 2 BTC at 60000 (notional 120000 -> bracket 2: mmr 0.005, cum 50), 10x: WB 12000
    expect(bracketFor('BTCUSDT', d('120000')).cum.toFixed()).toBe('50');
    const lp = isolatedLongLiquidationPrice('BTCUSDT', d('2'), d('60000'), d('12000'));
    expect(lp.toFixed(8)).toBe(d('120000').sub('12000').sub('50').div(d('2').mul('0.995')).toFixed(8));
  });
  it('is zero when the margin covers the notional (1x)', () => {
    expect(isolatedLongLiquidationPrice('ETHUSDT', d('1'), d('3000'), d('3000')).isZero()).toBe(true);
  });
});

describe('HMAC signature', () => {
  it("accepts Binance's documented example signature and refuses a changed body", () => {
    const secret = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
    const query =
      'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';
    expect(hmacHex(query, secret)).toBe('c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71');
    const signed = {
      query: `${query}&signature=${hmacHex(query, secret)}`,
      body: '',
      timestamp: '1499827319559',
      recvWindow: '5000',
    };
    expect(() => verifySigned(signed, secret, 1499827320000)).not.toThrow();
    expect(() => verifySigned({ ...signed, body: 'x=1' }, secret, 1499827320000)).toThrow(
      'Signature for this request is not valid.',
    );
    expect(() => verifySigned(signed, secret, 1499827329559)).toThrow('outside of the recvWindow');
  });
});

describe('spot matching', () => {
  const setup = (): [SimulatorCore, Account] => {
    const core = new SimulatorCore({ seed: 1, symbols: DEFAULT_SYMBOLS, feeRate: '0.001', now: () => 1_700_000_000_000 });
    return [core, core.createAccount({ balances: { USDT: '1000' } })];
  };
  it('locks notional + fee for a resting buy and fills it at the limit when crossed', () => {
    const [core, acc] = setup();
    core.spot.place(acc, { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.01', price: '60000' });
    expect(acc.balances.get('USDT')!.locked.toFixed()).toBe('600.6');
    core.setPrice('BTCUSDT', '59000');
    expect(acc.balances.get('USDT')!.free.toFixed()).toBe('399.4');
    expect(acc.balances.get('BTC')!.free.toFixed()).toBe('0.01');
    expect(acc.trades.spot[0]).toMatchObject({ price: '60000', commission: '0.6', maker: true });
  });
  it('walks deterministically for a seed', () => {
    const [a] = setup();
    const [b] = setup();
    for (let i = 0; i < 20; i++) {
      a.walk();
      b.walk();
    }
    expect(a.book.price('BTCUSDT').toFixed()).toBe(b.book.price('BTCUSDT').toFixed());
    expect(a.book.price('BTCUSDT').toFixed()).not.toBe('67250.12');
  });
});

describe('weights', () => {
  it('bans a client that keeps sending after a 429, longer on repeat', () => {
    let now = 0;
    const meter = new WeightMeter({ spot: 10, futures: 10, sapi: 10, banMs: 1000 }, () => now);
    expect(meter.charge('ip', 'spot', 10).status).toBe(200);
    expect(meter.charge('ip', 'spot', 1).status).toBe(429);
    expect(meter.charge('ip', 'spot', 1)).toMatchObject({ status: 418, retryAfterSeconds: 1 });
    now = 60_000;
    meter.charge('ip', 'spot', 11);
    expect(meter.charge('ip', 'spot', 1)).toMatchObject({ status: 418, retryAfterSeconds: 2 });
    expect(new AccountStore().create({}, 0).canWithdraw).toBe(false);
  });
});
