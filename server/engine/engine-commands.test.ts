/**
 * The engine's command loop alone, with fakes: a command that cannot apply yet is looked at again
 * once a retry interval, however many wait (each used to add its own timer, and each timer's look
 * added more: two waiting Stop & Sells ran the pending-commands query 50-94 times a second and
 * growing, and blocked a PGlite server for minutes); a command needing a price the engine has not
 * heard asks the exchange for it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPLIED, refused, type CommandResult } from '../runnables/command-results';
import { ATTEMPTS_AFTER_FAILURE, EngineCommands } from './engine-commands';
import type { FeedPrices } from './feed-prices';
import type { RunnerRegistry } from './runner-registry';
import type { RunnableStore } from './store';

const RETRY_MS = 100;
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

function loop(
  commands: { id: string; kind: string }[],
  answer: (kind: string, price: string | null) => CommandResult | null,
  prices: Partial<FeedPrices>,
) {
  let looks = 0;
  const completed: [string, CommandResult][] = [];
  const store = {
    owner: 'engine-1',
    pendingCommands: async () => {
      looks += 1;
      return commands
        .filter((c) => !completed.some(([id]) => id === c.id))
        .map((c) => ({ ...c, runnableId: 'r1', status: 'Live', leaseOwner: 'engine-1' }));
    },
    completeCommand: async (id: string, result: CommandResult) => void completed.push([id, result]),
  } as unknown as RunnableStore;
  const runner = {
    id: 'r1',
    symbol: 'ADAUSDT',
    market: 'futures',
    command: async (kind: string, price: string | null) => answer(kind, price),
  };
  const runners = { get: () => runner } as unknown as RunnerRegistry;
  const engineCommands = new EngineCommands(store, runners, prices as FeedPrices, new Set(), RETRY_MS, silent as never);
  engineCommands.start(undefined);
  return { engineCommands, looks: () => looks, completed };
}

describe("the engine's member commands", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks at commands that cannot apply yet once a retry interval, however many wait', async () => {
    vi.useFakeTimers();
    const { engineCommands, looks } = loop(
      [
        { id: 'c1', kind: 'stopAndSell' },
        { id: 'c2', kind: 'stopAndSell' },
      ],
      () => null,
      { known: () => '0.45', current: async () => '0.45' },
    );
    await vi.advanceTimersByTimeAsync(RETRY_MS * 20);
    // The poll of commands (no notifications here) and the one retry: two looks an interval at most.
    expect(looks()).toBeLessThanOrEqual(2 * 20 + 2);
    engineCommands.stop();
  });

  it('tries a command whose work failed again, and records it applied when a later attempt applies it', async () => {
    let attempts = 0;
    const { engineCommands, completed } = loop(
      [{ id: 'c1', kind: 'settings' }],
      () => {
        attempts += 1;
        return attempts < ATTEMPTS_AFTER_FAILURE ? refused('not_applied_now') : APPLIED;
      },
      { known: () => '0.45' },
    );
    await vi.waitFor(() => expect(completed).toEqual([['c1', APPLIED]]));
    expect(attempts).toBe(ATTEMPTS_AFTER_FAILURE);
    engineCommands.stop();
  });

  it('refuses a command whose work failed on every attempt, after the last one', async () => {
    let attempts = 0;
    const { engineCommands, completed } = loop(
      [{ id: 'c1', kind: 'settings' }],
      () => {
        attempts += 1;
        return refused('not_applied_now');
      },
      { known: () => '0.45' },
    );
    await vi.waitFor(() => expect(completed).toEqual([['c1', refused('not_applied_now')]]));
    expect(attempts).toBe(ATTEMPTS_AFTER_FAILURE);
    engineCommands.stop();
  });

  it('records a refusal other than a failure at once', async () => {
    let attempts = 0;
    const { engineCommands, completed } = loop(
      [{ id: 'c1', kind: 'stop' }],
      () => {
        attempts += 1;
        return refused('already_stopped');
      },
      { known: () => '0.45' },
    );
    await vi.waitFor(() => expect(completed).toEqual([['c1', refused('already_stopped')]]));
    expect(attempts).toBe(1);
    engineCommands.stop();
  });

  it('asks the exchange for the price of a pair it has heard nothing of, and applies the command at it', async () => {
    const asked: string[] = [];
    const { engineCommands, completed } = loop(
      [{ id: 'c1', kind: 'stopAndSell' }],
      (_kind, price) => (price === null ? null : APPLIED),
      {
        known: () => null,
        current: async (runner) => {
          asked.push(runner.symbol);
          return '0.4571';
        },
      },
    );
    await vi.waitFor(() => expect(completed).toEqual([['c1', APPLIED]]));
    expect(asked).toEqual(['ADAUSDT']);
    engineCommands.stop();
  });
});
