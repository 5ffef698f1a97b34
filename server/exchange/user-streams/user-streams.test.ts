/** The user-data stream pools and balance feeds against the simulator's WebSocket endpoints. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../../common/money';
import { CcxtGateway } from '../ccxt-gateway';
import type { Balances, MemberKey } from '../core/gateway';
import { MemberCache } from '../core/member-cache';
import type { RunningSimulator } from '../../../sim/index';
import { startTestSimulator } from '../../../sim/testing/simulator';
import { WeightGovernor } from '../core/weight-governor';
import { BalanceFeeds } from './balance-feeds';
import { type FuturesMember, futuresProtocol, spotProtocol, userStreamUrls } from './protocols';
import { type StreamListener, UserStreamPool } from './stream-pool';

function recorder() {
  const events: Record<string, unknown>[] = [];
  const state = { up: 0, down: 0 };
  const listener: StreamListener = {
    onEvent: (e) => events.push(e),
    onUp: () => (state.up += 1),
    onDown: () => (state.down += 1),
  };
  return { events, state, listener };
}

describe('user-data streams against the simulator', () => {
  let sim: RunningSimulator;
  let gateway: CcxtGateway;
  let governor: WeightGovernor;
  let urls: { spot: string; futures: string };
  beforeAll(async () => {
    sim = await startTestSimulator();
    governor = new WeightGovernor();
    gateway = new CcxtGateway({ simUrl: sim.url, governor, retry: { baseMs: 10, maxMs: 50 } });
    urls = userStreamUrls(sim.url);
    sim.control.setPrice('BTCUSDT', '50000');
  });
  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  it('carries several members on one spot connection, each event to its owner, and resubscribes everyone after a drop', async () => {
    const pool = new UserStreamPool<MemberKey>(spotProtocol(urls.spot, governor), { retryMinMs: 20, retryMaxMs: 100 });
    try {
      const a = sim.control.createAccount({ balances: { USDT: '1000' } });
      const b = sim.control.createAccount({ balances: { USDT: '2000' } });
      const ra = recorder();
      const rb = recorder();
      pool.add('a', a, ra.listener);
      pool.add('b', b, rb.listener);
      await vi.waitFor(() => expect(pool.stats()).toMatchObject({ subscriptions: 2, up: 2, sockets: 1 }));
      await gateway.member(a).placeOrder({
        market: 'spot',
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'market',
        quantity: '0.001',
        clientOrderId: 'us-a-1',
      });
      await vi.waitFor(() => expect(ra.events.some((e) => e.e === 'outboundAccountPosition')).toBe(true));
      expect(ra.events.some((e) => e.e === 'executionReport' && e.c === 'us-a-1')).toBe(true);
      expect(rb.events).toEqual([]);
      sim.control.setFaults({ dropStreams: true });
      await vi.waitFor(() => expect(ra.state.down + rb.state.down).toBeGreaterThanOrEqual(2));
      await vi.waitFor(() => expect(pool.stats()).toMatchObject({ up: 2 }));
      expect(ra.state.up).toBeGreaterThanOrEqual(2);
      await gateway.member(b).placeOrder({
        market: 'spot',
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'market',
        quantity: '0.001',
        clientOrderId: 'us-b-1',
      });
      await vi.waitFor(() => expect(rb.events.some((e) => e.e === 'executionReport' && e.c === 'us-b-1')).toBe(true));
      pool.remove('a');
      await vi.waitFor(() => expect(pool.stats()).toMatchObject({ subscriptions: 1, sockets: 1 }));
    } finally {
      pool.close();
    }
  });

  it('keeps a member with a refused key down and retrying, without disturbing the others', async () => {
    const pool = new UserStreamPool<MemberKey>(spotProtocol(urls.spot, governor), { retryMinMs: 20, retryMaxMs: 40 });
    try {
      const good = sim.control.createAccount({ balances: { USDT: '10' } });
      pool.add('bad', { apiKey: good.apiKey, secretKey: 'not-the-secret' }, recorder().listener);
      pool.add('good', good, recorder().listener);
      await vi.waitFor(() => expect(pool.stats().subscribeFailures).toBeGreaterThanOrEqual(2));
      await vi.waitFor(() => expect(pool.stats()).toMatchObject({ subscriptions: 2, up: 1 }));
    } finally {
      pool.close();
    }
  });

  it('subscribes USD-M futures through a listen key and hears ACCOUNT_UPDATE after a transfer', async () => {
    const pool = new UserStreamPool<FuturesMember>(futuresProtocol(urls.futures), { retryMinMs: 20, retryMaxMs: 100 });
    try {
      const key = sim.control.createAccount({ balances: { USDT: '500' } });
      const r = recorder();
      pool.add('f', { gateway: gateway.member(key) }, r.listener);
      await vi.waitFor(() => expect(pool.stats().up).toBe(1));
      await gateway.member(key).transfer('USDT', '100', 'spot', 'futures');
      await vi.waitFor(() => expect(r.events.some((e) => e.e === 'ACCOUNT_UPDATE')).toBe(true));
    } finally {
      pool.close();
    }
  });

  it('takes a new listen key and a new connection when the old key expires', async () => {
    let t = Date.now();
    const clock = () => t;
    const timed = await startTestSimulator({ now: clock, listenKeySweepMs: 20 });
    const timedGateway = new CcxtGateway({
      simUrl: timed.url,
      governor: new WeightGovernor(),
      now: clock,
      retry: { baseMs: 10, maxMs: 50 },
    });
    const pool = new UserStreamPool<FuturesMember>(futuresProtocol(userStreamUrls(timed.url).futures), {
      retryMinMs: 20,
      retryMaxMs: 100,
    });
    try {
      const member: FuturesMember = { gateway: timedGateway.member(timed.control.createAccount({ balances: { USDT: '10' } })) };
      const r = recorder();
      pool.add('f', member, r.listener);
      await vi.waitFor(() => expect(r.state.up).toBe(1));
      const firstKey = member.listenKey;
      t += 61 * 60_000; // no keepalive for over an hour
      await vi.waitFor(() => expect(r.state).toEqual({ up: 2, down: 1 }));
      expect(member.listenKey).not.toBe(firstKey);
      expect(r.events.some((e) => e.e === 'listenKeyExpired')).toBe(false); // the end is the pool's business, not the listener's
    } finally {
      pool.close();
      await timedGateway.close();
      await timed.close();
    }
  });

  it('serves balances from the stream: one snapshot, then every change with no further exchange reads', async () => {
    const spotPool = new UserStreamPool<MemberKey>(spotProtocol(urls.spot, governor), { retryMinMs: 20, retryMaxMs: 100 });
    const futuresPool = new UserStreamPool<FuturesMember>(futuresProtocol(urls.futures), { retryMinMs: 20, retryMaxMs: 100 });
    const caches = {
      spot: new MemberCache<Balances>({ weight: 20, budgetPerMinute: 2400, minTtlMs: 5000 }),
      futures: new MemberCache<Balances>({ weight: 5, budgetPerMinute: 960, minTtlMs: 5000 }),
    };
    const feeds = new BalanceFeeds(spotPool, futuresPool, caches);
    try {
      const key = sim.control.createAccount({ balances: { USDT: '1000' } });
      const member = gateway.member(key);
      let reads = 0;
      const counted = {
        ...member,
        balances: (market: 'spot' | 'futures') => {
          reads += 1;
          return member.balances(market);
        },
      } as typeof member;
      expect((await feeds.read('u1', key, counted, 'spot')).USDT?.free).toBe('1000');
      await vi.waitFor(() => expect(feeds.stats().spotUp).toBe(1));
      await feeds.read('u1', key, counted, 'spot'); // the snapshot
      const readsAfterSnapshot = reads;
      await member.placeOrder({
        market: 'spot',
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'market',
        quantity: '0.002',
        clientOrderId: 'us-feed-1',
      });
      await vi.waitFor(async () => expect((await feeds.read('u1', key, counted, 'spot')).BTC?.free).toBe('0.002'));
      const balances = await feeds.read('u1', key, counted, 'spot');
      expect(new Decimal(balances.USDT!.free).eq(sim.control.getAccount(key.apiKey)!.balances.USDT!.free)).toBe(true);
      expect(reads).toBe(readsAfterSnapshot);
      expect(feeds.stats().streamedReads).toBeGreaterThan(1);
    } finally {
      feeds.close();
      spotPool.close();
      futuresPool.close();
    }
  });
});
