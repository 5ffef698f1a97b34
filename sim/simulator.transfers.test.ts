/**
 * Transfer history conformance through ccxt: GET /sapi/v1/asset/transfer pages one type newest
 * first like Binance, and a transfer answered with a 5xx after it moved the money is there once.
 */
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator } from './index';
import { ccxtFor, startTestSimulator } from './testing/simulator';

interface Page {
  total: number;
  rows: { asset: string; amount: string; type: string; status: string; tranId: number; timestamp: number }[];
}

let sim: RunningSimulator;
let ex: InstanceType<typeof ccxt.binance>;
let apiKey: string;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeAll(async () => {
  sim = await startTestSimulator();
  const key = sim.control.createAccount({ balances: { USDT: '1000' }, futuresBalances: { USDT: '100' } });
  apiKey = key.apiKey;
  ex = ccxtFor(sim, key);
  await ex.loadMarkets();
});
afterAll(() => sim.close());

const history = (params: Record<string, unknown>) => ex.sapiGetAssetTransfer(params) as Promise<Page>;

describe('simulator transfer history through ccxt', () => {
  it('lists each direction newest first with exact amounts, and ccxt fetchTransfers reads it', async () => {
    const started = Date.now();
    await ex.transfer('USDT', 10.5, 'spot', 'future');
    await pause();
    await ex.transfer('USDT', 0.25, 'spot', 'future');
    await pause();
    await ex.transfer('USDT', 3, 'future', 'spot');
    const out = await history({ type: 'MAIN_UMFUTURE' });
    expect(out.total).toBe(2);
    expect(out.rows.map((r) => [r.amount, r.type, r.status, r.asset])).toEqual([
      ['0.25', 'MAIN_UMFUTURE', 'CONFIRMED', 'USDT'],
      ['10.5', 'MAIN_UMFUTURE', 'CONFIRMED', 'USDT'],
    ]);
    expect(out.rows[0]!.tranId).toBeGreaterThan(out.rows[1]!.tranId);
    expect(out.rows[0]!.timestamp).toBeGreaterThanOrEqual(started);
    const back = await history({ type: 'UMFUTURE_MAIN' });
    expect(back.rows.map((r) => r.amount)).toEqual(['3']);

    const viaCcxt = await ex.fetchTransfers('USDT', undefined, undefined, { fromAccount: 'spot', toAccount: 'future' });
    expect(viaCcxt.map((t) => [t.amount, t.currency, t.status]).sort()).toEqual([
      [0.25, 'USDT', 'ok'],
      [10.5, 'USDT', 'ok'],
    ]);
  });

  it('filters by startTime and endTime (inclusive) and pages with current and size', async () => {
    const all = (await history({ type: 'MAIN_UMFUTURE' })).rows;
    const [newest, oldest] = [all[0]!, all[1]!];
    expect((await history({ type: 'MAIN_UMFUTURE', startTime: newest.timestamp })).rows.map((r) => r.tranId)).toEqual([
      newest.tranId,
    ]);
    expect((await history({ type: 'MAIN_UMFUTURE', endTime: oldest.timestamp })).rows.map((r) => r.tranId)).toEqual([
      oldest.tranId,
    ]);
    const second = await history({ type: 'MAIN_UMFUTURE', size: 1, current: 2 });
    expect([second.total, second.rows.map((r) => r.tranId)]).toEqual([2, [oldest.tranId]]);
    expect((await history({ type: 'MAIN_UMFUTURE', size: 1, current: 3 })).rows).toEqual([]);
    expect((await history({ type: 'MAIN_UMFUTURE', size: 500 })).rows).toHaveLength(2); // capped at 100, not refused
  });

  it('requires a supported type', async () => {
    await expect(history({})).rejects.toThrow(/Mandatory parameter 'type'/);
    await expect(history({ type: 'MAIN_MARGIN' })).rejects.toThrow(/Unsupported transfer type/);
  });

  it('answers 5xx after moving the money when told to; the history then holds that one transfer', async () => {
    const before = (await history({ type: 'MAIN_UMFUTURE' })).total;
    sim.control.setFaults({ failAfterAccept: 1 });
    try {
      await expect(ex.transfer('USDT', 7, 'spot', 'future')).rejects.toBeInstanceOf(ccxt.NetworkError);
    } finally {
      sim.control.clearFaults();
    }
    const after = await history({ type: 'MAIN_UMFUTURE' });
    expect(after.total).toBe(before + 1);
    expect(after.rows[0]!.amount).toBe('7');
    expect(sim.control.getAccount(apiKey)!.futures.walletBalance).toBe('114.75000000'); // 100 + 10.5 + 0.25 - 3 + 7
  });

  it('tells the spot user stream the new balance (outboundAccountPosition) as well as the delta', async () => {
    const seen: string[] = [];
    const stop = sim.core.events.add({
      balances: (_account, assets) => seen.push(`position:${assets.join(',')}`),
      balanceDelta: (_account, asset, delta) => seen.push(`delta:${asset}:${delta.toFixed()}`),
    });
    try {
      await ex.transfer('USDT', 1, 'future', 'spot');
    } finally {
      stop();
    }
    expect(seen).toEqual(['delta:USDT:1', 'position:USDT']);
  });
});
