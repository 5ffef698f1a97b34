import ccxt from 'ccxt';
import { describe, expect, it } from 'vitest';
import { ccxtBinance } from './ccxt-binance';

describe('ccxtBinance', () => {
  it('holds the very classes the ccxt package exports, loaded without its other exchanges', () => {
    expect(ccxtBinance.binance).toBe(ccxt.binance);
    expect(ccxtBinance.pro.binance).toBe(ccxt.pro.binance);
  });

  it('builds working binance clients', () => {
    const rest = new ccxtBinance.binance({ enableRateLimit: false });
    const streaming = new ccxtBinance.pro.binance({ enableRateLimit: false });
    expect(rest.id).toBe('binance');
    expect(streaming.has.watchTickers).toBe(true);
    expect(streaming).toBeInstanceOf(ccxt.binance);
  });
});
