import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import type { CcxtClient } from './ccxt-client';
import { CcxtMember } from './ccxt-member';
import { parseFuturesPosition, parseLeverageBrackets } from './ccxt-parse';
import { testExchange } from './testing/exchange';

type TestExchange = Awaited<ReturnType<typeof testExchange>>;

describe('USD-M futures through the gateway against the simulator', () => {
  let exchange: TestExchange;
  beforeAll(async () => {
    exchange = await testExchange();
  });
  afterAll(async () => {
    await exchange?.close();
  });

  const fundedMember = () => {
    const key = exchange.simulator.control.createAccount({ futuresBalances: { USDT: '1000' } });
    return { key, member: exchange.gateway.member(key) };
  };

  it('prepareFutures sets isolated margin and the leverage, again and again (already isolated counts as done)', async () => {
    const { key, member } = fundedMember();
    await member.prepareFutures('ETHUSDT', 3);
    await member.prepareFutures('ETHUSDT', 5); // the simulator answers -4046 "No need to change margin type." every time
    exchange.simulator.control.setPrice('ETHUSDT', '2000');
    await member.placeOrder({
      market: 'futures',
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.1',
      clientOrderId: 'gd-prep-1',
    });
    const position = exchange.simulator.control.getAccount(key.apiKey)!.futures.positions.find((p) => p.symbol === 'ETHUSDT');
    expect(position?.leverage).toBe(5);
    expect(position?.isolatedMargin).toBe('40'); // 0.1 x 2000 / 5
  });

  it('prepareFutures refuses a leverage outside 1-10 before asking the exchange', async () => {
    const { member } = fundedMember();
    for (const leverage of [0, 11, 2.5, Number.NaN]) {
      await expect(member.prepareFutures('BTCUSDT', leverage)).rejects.toMatchObject({ name: 'ExchangeError', kind: 'rejected' });
    }
    const before = exchange.governor.stats.reserved.futures;
    await expect(member.prepareFutures('BTCUSDT', 11)).rejects.toThrow(/1 to 10/);
    expect(exchange.governor.stats.reserved.futures).toBe(before); // no request weight spent: nothing was sent
  });

  it('prepareFutures surfaces a symbol the exchange does not list as an ExchangeError of its own kind (ccxt BadSymbol)', async () => {
    const { member } = fundedMember();
    await expect(member.prepareFutures('NOSUCHUSDT', 2)).rejects.toMatchObject({ name: 'ExchangeError', kind: 'unknown_symbol' });
  });

  it('futuresPosition is null when flat and reports the position after a market BUY', async () => {
    const { key, member } = fundedMember();
    expect(await member.futuresPosition('BTCUSDT')).toBeNull();
    await member.prepareFutures('BTCUSDT', 4);
    exchange.simulator.control.setPrice('BTCUSDT', '60000');
    await member.placeOrder({
      market: 'futures',
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      clientOrderId: 'gd-pos-1',
    });
    const position = await member.futuresPosition('BTCUSDT');
    const simulated = exchange.simulator.control.getAccount(key.apiKey)!.futures.positions.find((p) => p.symbol === 'BTCUSDT')!;
    expect(position).toEqual({
      symbol: 'BTCUSDT',
      quantity: '0.01',
      entryPrice: '60000',
      isolatedWallet: '150', // 600 / 4
      liquidationPrice: simulated.liquidationPrice,
      leverage: 4,
      marginType: 'isolated',
    });
    expect(Number(position!.liquidationPrice)).toBeGreaterThan(0);
    expect(await member.futuresPosition('ETHUSDT')).toBeNull(); // another symbol stays flat
    await member.placeOrder({
      market: 'futures',
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      quantity: '0.01',
      clientOrderId: 'gd-pos-2',
    });
    expect(await member.futuresPosition('BTCUSDT')).toBeNull();
  });

  it('a reduce-only sell larger than the position is refused as position_changed, never turned into a short', async () => {
    const { key, member } = fundedMember();
    await member.prepareFutures('BNBUSDT', 2);
    exchange.simulator.control.setPrice('BNBUSDT', '600');
    await member.placeOrder({
      market: 'futures',
      symbol: 'BNBUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.5',
      clientOrderId: 'gd-ro-1',
    });
    await expect(
      member.placeOrder({
        market: 'futures',
        symbol: 'BNBUSDT',
        side: 'sell',
        type: 'market',
        quantity: '0.6',
        clientOrderId: 'gd-ro-2',
        reduceOnly: true,
      }),
    ).rejects.toMatchObject({ name: 'ExchangeError', kind: 'position_changed' });
    const sold = await member.placeOrder({
      market: 'futures',
      symbol: 'BNBUSDT',
      side: 'sell',
      type: 'market',
      quantity: '0.5',
      clientOrderId: 'gd-ro-3',
      reduceOnly: true,
    });
    expect([sold.status, sold.filled]).toEqual(['closed', '0.5']);
    expect(exchange.simulator.control.getAccount(key.apiKey)!.futures.positions).toEqual([]);
  });

  it('futuresLiquidations lists the positions the exchange closed itself since a time, at the liquidation price', async () => {
    const { member } = fundedMember();
    const before = Date.now() - 1;
    await member.prepareFutures('XRPUSDT', 10);
    exchange.simulator.control.setPrice('XRPUSDT', '2');
    await member.placeOrder({
      market: 'futures',
      symbol: 'XRPUSDT',
      side: 'buy',
      type: 'market',
      quantity: '1000',
      clientOrderId: 'gd-liq-1',
    });
    const liquidationPrice = (await member.futuresPosition('XRPUSDT'))!.liquidationPrice;
    expect(await member.futuresLiquidations('XRPUSDT', before)).toEqual([]);
    exchange.simulator.control.setPrice('XRPUSDT', '1.5');
    expect(await member.futuresPosition('XRPUSDT')).toBeNull();
    const [liquidation, ...more] = await member.futuresLiquidations('XRPUSDT', before);
    expect(more).toEqual([]);
    expect(liquidation).toMatchObject({ symbol: 'XRPUSDT', quantity: '1000' });
    expect(new Decimal(liquidation!.price).toFixed(12)).toBe(new Decimal(liquidationPrice).toFixed(12)); // an average price, to the wire's digits
    expect(await member.futuresLiquidations('XRPUSDT', liquidation!.time + 1)).toEqual([]);
    expect(await member.futuresLiquidations('BTCUSDT', before)).toEqual([]);
  });

  it('leverageBrackets returns the BTCUSDT brackets, lowest notional first, as decimal strings', async () => {
    const { member } = fundedMember();
    const brackets = await member.leverageBrackets('BTCUSDT');
    expect(brackets).toHaveLength(10);
    expect(brackets[0]).toEqual({
      notionalFloor: '0',
      notionalCap: '50000',
      maintMarginRatio: '0.004',
      cum: '0',
      initialLeverage: 125,
    });
    expect(brackets[1]).toEqual({
      notionalFloor: '50000',
      notionalCap: '500000',
      maintMarginRatio: '0.005',
      cum: '50',
      initialLeverage: 100,
    });
    for (let i = 1; i < brackets.length; i++) expect(brackets[i]!.notionalFloor).toBe(brackets[i - 1]!.notionalCap);
    // Binance's "no cap" (Long.MAX_VALUE); the simulator writes it through a double, and ccxt keeps the digits it sent.
    expect(brackets.at(-1)!.notionalCap).toBe('9223372036854776000');
  });
});

describe('futures parsing', () => {
  it('sorts brackets by floor and writes JSON numbers as plain decimal strings', () => {
    const body = {
      symbol: 'XUSDT',
      brackets: [
        // As ccxt hands a body with an integer beyond 2^53: every number quoted as its source digits.
        {
          bracket: 2,
          initialLeverage: '20',
          notionalFloor: '5000',
          notionalCap: '9223372036854775807',
          maintMarginRatio: '0.025',
          cum: '75',
        },
        { bracket: 1, initialLeverage: 50, notionalFloor: 0, notionalCap: 5000, maintMarginRatio: 0.0000001, cum: 0 },
      ],
    };
    expect(parseLeverageBrackets(body, 'XUSDT')).toEqual([
      { notionalFloor: '0', notionalCap: '5000', maintMarginRatio: '0.0000001', cum: '0', initialLeverage: 50 },
      { notionalFloor: '5000', notionalCap: '9223372036854775807', maintMarginRatio: '0.025', cum: '75', initialLeverage: 20 },
    ]);
    expect(parseLeverageBrackets([body], 'OTHERUSDT')).toEqual([]);
    // Already a double (no requoting pass): what String() gives, without exponent.
    const doubled = {
      symbol: 'XUSDT',
      brackets: [{ initialLeverage: 1, notionalFloor: 0, notionalCap: 2 ** 63, maintMarginRatio: 0.5, cum: 0 }],
    };
    expect(parseLeverageBrackets(doubled, 'XUSDT')[0]!.notionalCap).toBe('9223372036854776000');
  });

  it('takes the non-zero row of positionRisk and reads Binance strings as they are', () => {
    const row = {
      symbol: 'BTCUSDT',
      positionAmt: '0.010',
      entryPrice: '60000.0',
      isolatedWallet: '150.00000000',
      liquidationPrice: '45376.94',
      leverage: '4',
      marginType: 'isolated',
      positionSide: 'BOTH',
    };
    expect(parseFuturesPosition([{ ...row, symbol: 'ETHUSDT' }, row], 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      quantity: '0.01',
      entryPrice: '60000',
      isolatedWallet: '150',
      liquidationPrice: '45376.94',
      leverage: 4,
      marginType: 'isolated',
    });
    expect(parseFuturesPosition([{ ...row, positionAmt: '0.000', marginType: 'cross' }], 'BTCUSDT')).toBeNull();
    expect(parseFuturesPosition([{ ...row, marginType: 'cross' }], 'BTCUSDT')?.marginType).toBe('cross');
    expect(parseFuturesPosition([], 'BTCUSDT')).toBeNull();
  });
});

/** Named like ccxt's class for Binance's futures 4xx codes: errors.ts maps by class name. */
class BadRequest extends Error {}

describe('prepareFutures error codes', () => {
  /** A client whose every request fails with this Binance body, as ccxt raises it. */
  const failing = (code: number, msg: string) => {
    const calls: string[] = [];
    const client = {
      request: async (path: string) => {
        calls.push(path);
        throw new BadRequest(`binance {"code":${code},"msg":"${msg}"}`);
      },
    } as unknown as CcxtClient;
    return { member: new CcxtMember(client, { attempts: 1 }), calls };
  };

  it('treats -4046 as done and goes on to the leverage; surfaces -4047 with its reason', async () => {
    const unchanged = failing(-4046, 'No need to change margin type.');
    // The leverage call fails with the same body; -4046 means nothing there, so it surfaces.
    await expect(unchanged.member.prepareFutures('BTCUSDT', 2)).rejects.toMatchObject({ kind: 'rejected' });
    expect(unchanged.calls).toEqual(['marginType', 'leverage']);
    const blocked = failing(-4047, 'Margin type cannot be changed if there exists open orders.');
    await expect(blocked.member.prepareFutures('BTCUSDT', 2)).rejects.toMatchObject({
      name: 'ExchangeError',
      message: 'Margin type cannot be changed if there exists open orders.',
    });
    expect(blocked.calls).toEqual(['marginType']);
  });
});
