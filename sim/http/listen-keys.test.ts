import { describe, expect, it } from 'vitest';
import { AccountStore } from '../accounts';
import { LISTEN_KEY_TTL_MS, type ListenKey, ListenKeys } from './listen-keys';

describe('listen keys', () => {
  const account = new AccountStore().create({}, 0);

  it('live 60 minutes from the last POST/PUT (open), then expire once, telling the listeners', () => {
    let now = 0;
    const keys = new ListenKeys(() => now);
    const expired: ListenKey[] = [];
    keys.onExpire((k) => expired.push(k));
    const key = keys.open(account, 'futures');
    expect(keys.open(account, 'spot')).not.toBe(key);
    now = LISTEN_KEY_TTL_MS - 1;
    expect(keys.open(account, 'futures')).toBe(key); // keepalive
    now += LISTEN_KEY_TTL_MS - 1;
    expect(keys.sweep().map((k) => k.market)).toEqual(['spot']);
    expect(keys.get(key)?.account).toBe(account);
    now += 1;
    expect(keys.get(key)).toBeUndefined(); // expired before any sweep
    expect(keys.sweep().map((k) => k.key)).toEqual([key]);
    expect(expired.map((k) => k.market)).toEqual(['spot', 'futures']);
    expect(keys.sweep()).toEqual([]);
  });

  it('hands out a new key once the old one expired, and forgets a closed one', () => {
    let now = 0;
    const keys = new ListenKeys(() => now);
    const first = keys.open(account, 'futures');
    now = LISTEN_KEY_TTL_MS;
    const second = keys.open(account, 'futures');
    expect(second).not.toBe(first);
    keys.close(second);
    expect(keys.get(second)).toBeUndefined();
  });
});
