import { describe, expect, it } from 'vitest';
import { closeWithin, Shutdown } from './shutdown';

/** A step that records when it starts and ends, and ends when `finish()` is called. */
function step(name: string, log: string[], detail?: () => string | null) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    name,
    detail,
    run: async () => {
      log.push(`${name} started`);
      await done;
      log.push(`${name} ended`);
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Shutdown', () => {
  it('stops taking work everywhere at once, then closes the exchange, then the database last', async () => {
    const log: string[] = [];
    const http = step('http', log);
    const engine = step('engine', log, () => '1 order send(s) in flight');
    const exchange = step('exchange', log);
    const database = step('database', log);
    const shutdown = new Shutdown([[http, engine], [exchange], [database]]);
    const closed = shutdown.run();
    await turn();
    expect(log).toEqual(['http started', 'engine started']);
    expect(shutdown.pending()).toEqual([
      'http',
      'engine (1 order send(s) in flight)',
      'exchange (not started)',
      'database (not started)',
    ]);
    http.finish();
    await turn();
    // The engine's order in flight still needs the exchange and the database.
    expect(log).toEqual(['http started', 'engine started', 'http ended']);
    engine.finish();
    await turn();
    expect(log.at(-1)).toBe('exchange started');
    exchange.finish();
    await turn();
    expect(log.at(-1)).toBe('database started');
    database.finish();
    await closed;
    expect(shutdown.pending()).toEqual([]);
    expect(shutdown.run()).toBe(closed);
  });

  it('still closes the database after a step failed, and then reports the failure', async () => {
    const log: string[] = [];
    const engine = step('engine', log);
    const database = step('database', log);
    const closed = new Shutdown([[engine], [database]]).run();
    engine.fail(new Error('release failed'));
    await turn();
    database.finish();
    await expect(closed).rejects.toThrow('release failed');
    expect(log).toEqual(['engine started', 'database started', 'database ended']);
  });
});

describe('closeWithin', () => {
  it('answers done, or the failure, when the close settles in time', async () => {
    expect(
      await closeWithin(
        async () => undefined,
        () => [],
        1_000,
      ),
    ).toEqual({ kind: 'done' });
    const error = new Error('no');
    expect(
      await closeWithin(
        () => Promise.reject(error),
        () => [],
        1_000,
      ),
    ).toEqual({ kind: 'failed', error });
  });

  it('answers what was still pending once the deadline passed', async () => {
    const log: string[] = [];
    const engine = step('engine', log, () => '2 order send(s) in flight');
    const shutdown = new Shutdown([[engine], [step('database', log)]]);
    const outcome = await closeWithin(
      () => shutdown.run(),
      () => shutdown.pending(),
      20,
    );
    expect(outcome).toEqual({ kind: 'timedOut', pending: ['engine (2 order send(s) in flight)', 'database (not started)'] });
  });
});
