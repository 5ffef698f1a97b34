import { describe, expect, it } from 'vitest';
import type { MemberKey, OrderState } from '../exchange/core/gateway';
import type { StreamListener, UserStreamPool } from '../exchange/user-streams/stream-pool';
import { executionOf, OrderEvents } from './order-events';

/** A pool that records subscriptions and lets the test push events to them. */
function fakePool() {
  const subs = new Map<string, StreamListener>();
  const pool = {
    add: (id: string, _key: MemberKey, listener: StreamListener) => void subs.set(id, listener),
    remove: (id: string) => void subs.delete(id),
  } as unknown as UserStreamPool<MemberKey>;
  return { pool, subs };
}

const report = (over: Record<string, unknown>) => ({
  e: 'executionReport',
  s: 'SOLUSDT',
  c: 'gdabcx1',
  S: 'BUY',
  o: 'MARKET',
  q: '2.00000000',
  p: '0.00000000',
  X: 'PARTIALLY_FILLED',
  x: 'TRADE',
  i: 77,
  z: '1.00000000',
  Z: '145.00000000',
  T: 1,
  ...over,
});
const key = { apiKey: 'k', secretKey: 's' };

/** OrderEvents watching member u1 for the orders of clientOrderIds gdabc…: the member's stream listener, and the final states handed on. */
function watchedMember(): { listener: StreamListener; finals: OrderState[] } {
  const { pool, subs } = fakePool();
  const finals: OrderState[] = [];
  const events = new OrderEvents(
    pool,
    (id) => id.startsWith('gdabc'),
    (s) => finals.push(s),
  );
  events.watch('u1', key);
  return { listener: subs.get('engine:u1')!, finals };
}

describe('order events from the user-data stream', () => {
  it('reads an executionReport as the order state and its trade', () => {
    const e = executionOf(report({ t: 5, l: '1.00000000', L: '145.00000000', n: '0.00100000', N: 'SOL' }));
    expect(e?.state).toMatchObject({
      id: '77',
      clientOrderId: 'gdabcx1',
      side: 'buy',
      status: 'open',
      filled: '1.00000000',
      cost: '145.00000000',
    });
    expect(e?.trade).toMatchObject({
      id: '5',
      orderId: '77',
      price: '145.00000000',
      quantity: '1.00000000',
      fee: '0.00100000',
      feeAsset: 'SOL',
    });
    expect(executionOf({ e: 'outboundAccountPosition' })).toBeNull();
  });

  it('hands the final state of an order with every trade once the stream saw them all, each trade once', () => {
    const { listener, finals } = watchedMember();
    const first = report({ t: 5, l: '1.00000000', L: '145.00000000', n: '0.001', N: 'SOL' });
    listener.onEvent(first);
    listener.onEvent(first); // a repeated event adds nothing
    listener.onEvent(
      report({ X: 'FILLED', t: 6, l: '1.00000000', L: '145.10000000', z: '2.00000000', Z: '290.10000000', n: '0.001', N: 'SOL' }),
    );
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({ status: 'closed', filled: '2.00000000' });
    expect(finals[0]!.trades!.map((t) => t.id)).toEqual(['5', '6']);
  });

  it('leaves the trades out when one was missed, and ignores other bots orders', () => {
    const { listener, finals } = watchedMember();
    listener.onEvent(report({ c: 'gdzzzx1', X: 'FILLED', t: 9, l: '1', L: '1', z: '1' }));
    listener.onEvent(report({ X: 'FILLED', t: 6, l: '1.00000000', L: '145.1', z: '2.00000000' }));
    expect(finals).toHaveLength(1);
    expect(finals[0]!.trades).toBeUndefined();
  });

  it('keeps one subscription per member while any of their bots runs', () => {
    const { pool, subs } = fakePool();
    const events = new OrderEvents(
      pool,
      () => true,
      () => undefined,
    );
    events.watch('u1', key);
    events.watch('u1', key);
    events.unwatch('u1');
    expect(subs.has('engine:u1')).toBe(true);
    events.unwatch('u1');
    expect(subs.has('engine:u1')).toBe(false);
  });
});
