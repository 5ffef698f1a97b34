import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberEvent } from '../../../common/api/bots';
import type { LiveCounts } from '../ports/types';
import { createLiveCounts, type LiveCountsTracker } from './live-counts';
import { botStopped } from '../testing/member-events';

const at = '2026-11-23T09:00:00.000Z';
const events: Record<string, MemberEvent> = {
  botStarted: { kind: 'bot.started', botID: 'b1', name: 'BTCUSDT', at },
  botStopped: botStopped({ botID: 'b1', reason: 'manual' }),
  orderFailed: { kind: 'bot.orderFailed', botID: 'b1', name: 'BTCUSDT', message: 'no', at },
  cycleStarted: { kind: 'cycle.started', cycleID: 'c1', name: 'ETHUSDT', at },
  cycleCompleted: {
    kind: 'cycle.completed',
    cycleID: 'c1',
    name: 'ETHUSDT',
    cycles: 1,
    profit: '1',
    at,
  },
};

let server: LiveCounts | null;
let fetches: number;
let signedIn: boolean;
let seen: (LiveCounts | null)[];
let tracker: LiveCountsTracker;

beforeEach(() => {
  vi.useFakeTimers();
  server = { bots: 1, cycles: 0 };
  fetches = 0;
  signedIn = true;
  seen = [];
  tracker = createLiveCounts({
    fetch: async () => {
      fetches += 1;
      return server && { ...server };
    },
    onChange: (counts) => seen.push(counts),
    signedIn: async () => signedIn,
    settleMs: 300,
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live counts', () => {
  it('fetches the counts when a member signs in and forgets them when nobody is', async () => {
    tracker.start();
    await vi.waitFor(() => expect(seen).toEqual([{ bots: 1, cycles: 0 }]));
    tracker.stop();
    expect(seen).toEqual([{ bots: 1, cycles: 0 }, null]);
    expect(tracker.counts).toBeNull();
  });

  it('fetches again once per burst of events that start or end a bot or a cycle', async () => {
    tracker.start();
    await vi.waitFor(() => expect(fetches).toBe(1));
    server = { bots: 2, cycles: 1 };
    tracker.onEvent(events.botStarted!);
    tracker.onEvent(events.cycleStarted!);
    tracker.onEvent(events.botStarted!);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetches).toBe(2);
    expect(seen.at(-1)).toEqual({ bots: 2, cycles: 1 });

    server = { bots: 1, cycles: 0 };
    tracker.onEvent(events.botStopped!);
    tracker.onEvent(events.cycleCompleted!);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetches).toBe(3);
    expect(seen.at(-1)).toEqual({ bots: 1, cycles: 0 });
  });

  it('does not fetch for an event that changes no count, nor while nobody is signed in', async () => {
    tracker.onEvent(events.botStarted!);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetches).toBe(0);
    tracker.start();
    await vi.waitFor(() => expect(fetches).toBe(1));
    tracker.onEvent(events.orderFailed!);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetches).toBe(1);
  });

  it('tells nothing new when the counts did not change, and keeps them when the server cannot say', async () => {
    tracker.start();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    tracker.onEvent(events.botStopped!);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetches).toBe(2);
    server = null;
    tracker.onEvent(events.botStopped!);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetches).toBe(3);
    expect(seen).toEqual([{ bots: 1, cycles: 0 }]);
    expect(tracker.counts).toEqual({ bots: 1, cycles: 0 });
  });

  it('drops an answer that comes back after the member signed out', async () => {
    let answer!: (counts: LiveCounts) => void;
    const slow = createLiveCounts({
      fetch: () => new Promise((resolve) => (answer = resolve)),
      onChange: (counts) => seen.push(counts),
      signedIn: async () => true,
    });
    slow.start();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    slow.stop();
    answer({ bots: 5, cycles: 5 });
    await vi.advanceTimersByTimeAsync(10);
    expect(seen).toEqual([]);
    expect(slow.counts).toBeNull();
  });

  it('stays idle without a token', async () => {
    signedIn = false;
    tracker.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(fetches).toBe(0);
    expect(seen).toEqual([]);
  });
});
