/** Which transfer-history row is ours: direction, asset, exact amount, time window, not taken. */
import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../exchange/core/gateway';
import { matchTransfer, type SentTransfer } from './transfer-match';

const SKEW = 60_000;
const T0 = 1_800_000_000_000;
const sent: SentTransfer = {
  id: 'op',
  userId: 'u',
  asset: 'USDT',
  amount: '100.000000000000000000',
  from: 'spot',
  to: 'futures',
  sentAt: T0,
};
const row = (id: string, over: Partial<TransferRecord> = {}): TransferRecord => ({
  id,
  asset: 'USDT',
  amount: '100',
  from: 'spot',
  to: 'futures',
  time: T0 + 50,
  status: 'confirmed',
  ...over,
});

describe('matchTransfer', () => {
  it('matches the exact amount whatever its notation, newest first', () => {
    const history = [row('old', { time: T0 + 10 }), row('new', { time: T0 + 20 }), row('mid', { time: T0 + 15 })];
    expect(matchTransfer(history, sent, new Set(), SKEW)?.id).toBe('new');
    expect(matchTransfer([row('a', { amount: '100.0' })], sent, new Set(), SKEW)?.id).toBe('a');
  });

  it('never matches another amount, asset or direction, or a failed transfer', () => {
    const history = [
      row('amount', { amount: '100.00000001' }),
      row('asset', { asset: 'BTC' }),
      row('direction', { from: 'futures', to: 'spot' }),
      row('failed', { status: 'failed' }),
    ];
    expect(matchTransfer(history, sent, new Set(), SKEW)).toBeNull();
  });

  it('allows the clock skew before sending, nothing older', () => {
    expect(matchTransfer([row('skewed', { time: T0 - SKEW })], sent, new Set(), SKEW)?.id).toBe('skewed');
    expect(matchTransfer([row('earlier', { time: T0 - SKEW - 1 })], sent, new Set(), SKEW)).toBeNull();
  });

  it('skips tranIds other operations own, taking the next candidate', () => {
    const history = [row('taken', { time: T0 + 20 }), row('free', { time: T0 + 10 })];
    expect(matchTransfer(history, sent, new Set(['taken']), SKEW)?.id).toBe('free');
    expect(matchTransfer(history, sent, new Set(['taken', 'free']), SKEW)).toBeNull();
  });

  it('bounds an unknown operation by when it became unknown (plus skew): later transfers are later operations', () => {
    const bounded = { ...sent, until: T0 + 1_000 };
    expect(matchTransfer([row('within', { time: T0 + 1_000 + SKEW })], bounded, new Set(), SKEW)?.id).toBe('within');
    expect(matchTransfer([row('later', { time: T0 + 1_001 + SKEW })], bounded, new Set(), SKEW)).toBeNull();
  });

  it('returns a transfer the exchange still shows pending (the caller keeps the operation open)', () => {
    expect(matchTransfer([row('p', { status: 'pending' })], sent, new Set(), SKEW)?.status).toBe('pending');
  });
});
