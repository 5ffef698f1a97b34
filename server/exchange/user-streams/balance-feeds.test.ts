import { describe, expect, it } from 'vitest';
import type { Balances, MemberGateway } from '../core/gateway';
import { MemberCache } from '../core/member-cache';
import { BalanceFeeds } from './balance-feeds';
import type { StreamListener, UserStreamPool } from './stream-pool';

/** A pool that hands the test each member's listener. */
function fakePool() {
  const listeners = new Map<string, StreamListener>();
  const pool = {
    add: (id: string, _member: unknown, listener: StreamListener) => listeners.set(id, listener),
    remove: (id: string) => listeners.delete(id),
  } as unknown as UserStreamPool<never>;
  return { pool, listeners };
}

function setup() {
  const spot = fakePool();
  const futures = fakePool();
  let t = 0;
  const caches = {
    spot: new MemberCache<Balances>({ weight: 20, budgetPerMinute: 2400, minTtlMs: 5000 }, () => t),
    futures: new MemberCache<Balances>({ weight: 5, budgetPerMinute: 960, minTtlMs: 5000 }, () => t),
  };
  const feeds = new BalanceFeeds(spot.pool, futures.pool, caches, { now: () => t, idleMs: 60_000 });
  const exchange = {
    spot: { USDT: { free: '100', total: '100' } } as Balances,
    futures: { USDT: { free: '50', total: '50' } } as Balances,
  };
  const calls = { spot: 0, futures: 0 };
  let hold: Promise<void> | null = null;
  const gateway = {
    balances: async (market: 'spot' | 'futures') => {
      calls[market] += 1;
      const value = structuredClone(exchange[market]);
      if (hold) await hold;
      return value;
    },
  } as unknown as MemberGateway;
  const key = { apiKey: 'k1', secretKey: 's1' };
  const read = (market: 'spot' | 'futures', fresh = false) => feeds.read('m1', key, gateway, market, fresh);
  return {
    feeds,
    spot,
    futures,
    exchange,
    calls,
    read,
    advance: (ms: number) => (t += ms),
    holdLoads: () => {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

const position = (rows: [string, string, string][]) => ({
  e: 'outboundAccountPosition',
  E: 1,
  u: 1,
  B: rows.map(([a, f, l]) => ({ a, f, l })),
});

describe('balance feeds', () => {
  it('reads REST until the stream is up, then one snapshot, then follows the stream with no exchange calls', async () => {
    const s = setup();
    expect(await s.read('spot')).toEqual({ USDT: { free: '100', total: '100' } });
    expect(s.calls.spot).toBe(1);
    s.spot.listeners.get('m1')!.onUp();
    await s.read('spot'); // the snapshot the stream builds on
    expect(s.calls.spot).toBe(2);
    s.spot.listeners.get('m1')!.onEvent(
      position([
        ['USDT', '90.5', '9.5'],
        ['BTC', '0.001', '0'],
      ]),
    );
    for (let i = 0; i < 100; i++) await s.read('spot');
    expect(await s.read('spot')).toEqual({ USDT: { free: '90.5', total: '100' }, BTC: { free: '0.001', total: '0.001' } });
    s.spot.listeners.get('m1')!.onEvent(position([['BTC', '0', '0']]));
    expect(await s.read('spot')).toEqual({ USDT: { free: '90.5', total: '100' } });
    expect(s.calls.spot).toBe(2);
    expect(s.feeds.stats()).toMatchObject({ members: 1, spotUp: 1 });
  });

  it('re-applies events that arrive while the snapshot is in flight, and rebuilds after a drop', async () => {
    const s = setup();
    await s.read('spot'); // subscribes the member
    s.spot.listeners.get('m1')!.onUp();
    const release = s.holdLoads();
    const first = s.read('spot');
    s.spot.listeners.get('m1')!.onEvent(position([['USDT', '70', '0']])); // newer than the snapshot's figures
    release();
    await first;
    expect(await s.read('spot')).toEqual({ USDT: { free: '70', total: '70' } });
    s.spot.listeners.get('m1')!.onDown();
    s.exchange.spot = { USDT: { free: '65', total: '65' } };
    s.advance(10_000);
    expect(await s.read('spot')).toEqual({ USDT: { free: '65', total: '65' } }); // REST while down
    s.spot.listeners.get('m1')!.onUp();
    s.exchange.spot = { USDT: { free: '64', total: '64' } };
    expect(await s.read('spot')).toEqual({ USDT: { free: '64', total: '64' } }); // a new snapshot, events may have been missed
  });

  it('refetches futures only after an ACCOUNT_UPDATE, and a fresh or invalidated read always asks the exchange', async () => {
    const s = setup();
    await s.read('futures');
    s.futures.listeners.get('m1')!.onUp();
    await s.read('futures');
    const before = s.calls.futures;
    await s.read('futures');
    await s.read('futures');
    expect(s.calls.futures).toBe(before);
    s.exchange.futures = { USDT: { free: '40', total: '50' } };
    s.futures.listeners.get('m1')!.onEvent({ e: 'ACCOUNT_UPDATE', a: { B: [] } });
    expect(await s.read('futures')).toEqual({ USDT: { free: '40', total: '50' } });
    expect(s.calls.futures).toBe(before + 1);
    await s.read('futures', true);
    expect(s.calls.futures).toBe(before + 2);
    s.spot.listeners.get('m1')!.onUp();
    await s.read('spot');
    const spotCalls = s.calls.spot;
    s.feeds.invalidate('m1');
    await s.read('spot');
    expect(s.calls.spot).toBe(spotCalls + 1);
  });

  it('takes snapshots only within the spot budget, serving the REST cache meanwhile', async () => {
    const spot = fakePool();
    const futures = fakePool();
    let t = 0;
    // 20 weight a snapshot, 120 a minute: a bucket of 20, refilled 2 a second.
    const caches = {
      spot: new MemberCache<Balances>({ weight: 20, budgetPerMinute: 120, minTtlMs: 5000 }, () => t),
      futures: new MemberCache<Balances>({ weight: 5, budgetPerMinute: 960, minTtlMs: 5000 }, () => t),
    };
    const feeds = new BalanceFeeds(spot.pool, futures.pool, caches, { now: () => t });
    let calls = 0;
    const gateway = {
      balances: async () => ({ USDT: { free: String(++calls), total: String(calls) } }),
    } as unknown as MemberGateway;
    const key = (i: number) => ({ apiKey: `k${i}`, secretKey: 's' });
    for (let i = 0; i < 3; i++) await feeds.read(`m${i}`, key(i), gateway, 'spot'); // first loads: always, borrowing
    for (let i = 0; i < 3; i++) spot.listeners.get(`m${i}`)!.onUp();
    for (let i = 0; i < 3; i++) await feeds.read(`m${i}`, key(i), gateway, 'spot');
    expect(calls).toBe(3); // the bucket is in debt: no snapshot yet, the cached values serve
    t += 60_000;
    for (let i = 0; i < 3; i++) await feeds.read(`m${i}`, key(i), gateway, 'spot');
    expect(calls).toBe(4); // a minute of budget refills the bucket's 20: one snapshot
    const streamedBefore = feeds.stats().streamedReads;
    await feeds.read('m0', key(0), gateway, 'spot');
    expect(feeds.stats().streamedReads).toBe(streamedBefore + 1);
    feeds.close();
  });

  it('opens a futures stream only for a member with something in the futures wallet', async () => {
    const s = setup();
    s.exchange.futures = {};
    await s.read('futures');
    expect(s.futures.listeners.has('m1')).toBe(false);
    s.exchange.futures = { USDT: { free: '5', total: '5' } };
    s.feeds.invalidate('m1'); // the member's own transfer in
    await s.read('futures');
    expect(s.futures.listeners.has('m1')).toBe(true);
  });

  it('unsubscribes members who stopped reading', async () => {
    const s = setup();
    await s.read('spot');
    expect(s.spot.listeners.has('m1')).toBe(true);
    s.advance(120_000);
    (s.feeds as unknown as { sweep(): void }).sweep();
    expect(s.spot.listeners.has('m1')).toBe(false);
    expect(s.futures.listeners.has('m1')).toBe(false);
    expect(s.feeds.stats().members).toBe(0);
  });
});
