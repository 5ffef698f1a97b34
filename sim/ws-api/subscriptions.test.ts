import { describe, expect, it } from 'vitest';
import { type WebSocket } from 'ws';
import { AccountStore } from '../accounts';
import { Session } from './session';
import { MAX_SUBSCRIPTION_IDS, Subscriptions } from './subscriptions';

const session = () => new Session({} as WebSocket, '127.0.0.1', 0, true);

describe('WebSocket API subscriptions', () => {
  const accounts = new AccountStore();
  const [a, b] = [accounts.create({}, 0), accounts.create({}, 0)];

  it('numbers subscriptions per connection, one per account, and never reuses an id', () => {
    const subs = new Subscriptions();
    const [one, two] = [session(), session()];
    expect([subs.add(one, a), subs.add(one, b), subs.add(two, a)]).toEqual([0, 1, 0]);
    expect(() => subs.add(one, a)).toThrow('User Data Stream subscription already active.');
    expect([...subs.of(a)].map(([s, id]) => [s === one ? 'one' : 'two', id])).toEqual([
      ['one', 0],
      ['two', 0],
    ]);
    expect(subs.remove(one, 0)).toEqual([0]);
    expect(() => subs.remove(one, 0)).toThrow('User Data Stream subscription not active.');
    expect(subs.add(one, a)).toBe(2);
    expect(subs.remove(one)).toEqual([1, 2]);
    expect([...subs.of(b)]).toEqual([]);
  });

  it('refuses more ids than a connection may use in its lifetime', () => {
    const subs = new Subscriptions();
    const s = session();
    s.nextSubscriptionId = MAX_SUBSCRIPTION_IDS;
    expect(() => subs.add(s, a)).toThrow('Maximum subscription ID reached for this connection.');
  });
});
