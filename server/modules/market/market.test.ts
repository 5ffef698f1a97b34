import { describe, expect, it } from 'vitest';
import type { MarketInfo } from '../../exchange/core/gateway';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { tickSizes } from './market';

const info = (symbol: string, tickSize: string) => ({ symbol, tickSize }) as MarketInfo;

/** Deps whose gateway answers `lists` in turn, as its markets cache would (the same list until a reload). */
function depsAnswering(lists: (MarketInfo[] | Error)[]): ExchangeDeps {
  let call = 0;
  const markets = async () => {
    const next = lists[Math.min(call++, lists.length - 1)]!;
    if (next instanceof Error) throw next;
    return next;
  };
  return { exchange: { gateway: { markets } } } as unknown as ExchangeDeps;
}

describe('tickSizes', () => {
  it('maps each pair to its price step, leaving out pairs without one', async () => {
    const steps = await tickSizes(depsAnswering([[info('BTCUSDT', '0.01'), info('ODDUSDT', '')]]), 'spot');
    expect([...steps]).toEqual([['BTCUSDT', '0.01']]);
  });

  it('builds the map once per markets list the gateway hands out, and again after it reloads', async () => {
    const cached = [info('BTCUSDT', '0.01')];
    const reloaded = [info('BTCUSDT', '0.1')];
    const deps = depsAnswering([cached, cached, reloaded]);
    const first = await tickSizes(deps, 'spot');
    expect(await tickSizes(deps, 'spot')).toBe(first);
    const after = await tickSizes(deps, 'spot');
    expect(after).not.toBe(first);
    expect(after.get('BTCUSDT')).toBe('0.1');
  });

  it('answers no steps when the exchange rules cannot be read, so prices still go out', async () => {
    expect((await tickSizes(depsAnswering([new Error('down')]), 'spot')).size).toBe(0);
  });
});
