import { describe, expect, it } from 'vitest';
import { positionsOf } from './position-events';

/** Binance's ACCOUNT_UPDATE as documented (USD-M user data streams), one-way mode. */
const accountUpdate = (P: unknown[], m = 'ORDER') => ({
  e: 'ACCOUNT_UPDATE',
  E: 1,
  T: 1,
  a: { m, B: [{ a: 'USDT', wb: '100', cw: '100', bc: '0' }], P },
});

describe('positions from the futures user-data stream', () => {
  it('reads each changed position, a closed one as "0"', () => {
    const event = accountUpdate([
      { s: 'SOLUSDT', pa: '12.5', ep: '145', cr: '0', up: '0', mt: 'isolated', iw: '362.5', ps: 'BOTH' },
      { s: 'BTCUSDT', pa: '0', ep: '0', cr: '0', up: '0', mt: 'isolated', iw: '0', ps: 'BOTH' },
    ]);
    expect([...positionsOf(event)]).toEqual([
      ['SOLUSDT', '12.5'],
      ['BTCUSDT', '0'],
    ]);
  });

  it('ignores hedge-mode sides, other events and malformed rows', () => {
    expect([...positionsOf(accountUpdate([{ s: 'ETHUSDT', pa: '1', ps: 'LONG' }, { s: 'XRPUSDT' }, null, { pa: '1' }]))]).toEqual(
      [],
    );
    expect(positionsOf({ e: 'ORDER_TRADE_UPDATE', o: { s: 'SOLUSDT' } }).size).toBe(0);
    expect(positionsOf({ e: 'ACCOUNT_UPDATE', a: { B: [] } }).size).toBe(0);
    expect(positionsOf({ e: 'ACCOUNT_UPDATE' }).size).toBe(0);
  });

  it('keeps the digits as sent, a JSON number too', () => {
    expect(positionsOf(accountUpdate([{ s: 'SOLUSDT', pa: 0.001, ps: 'BOTH' }])).get('SOLUSDT')).toBe('0.001');
  });
});
