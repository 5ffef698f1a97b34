import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresNotifications } from './notifications';

/** A pg client that answers each statement a tick later and records any statement sent while another ran. */
function sequentialClient() {
  const emitter = new EventEmitter();
  const sent: string[] = [];
  const overlapped: string[] = [];
  let running = 0;
  const client = Object.assign(emitter, {
    connect: async () => undefined,
    end: async () => undefined,
    async query(text: string) {
      if (running > 0) overlapped.push(text);
      running += 1;
      sent.push(text);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return { rows: [] };
    },
  });
  return { client: client as unknown as pg.Client, sent, overlapped };
}

const handlers = { onMessage: () => undefined, onGap: () => undefined };

describe('the PostgreSQL notification feed', () => {
  it('sends one statement at a time on its connection, however many listens, unlistens and heartbeats come at once', async () => {
    const fake = sequentialClient();
    const feed = postgresNotifications(() => fake.client, { heartbeatMs: 1 });
    const listens = await Promise.all(['sessions', 'bot_commands', 'cycle_commands'].map((c) => feed.listen(c, handlers)));
    expect(listens.every((l) => l.listening)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20)); // heartbeats fire while the statements run
    await Promise.all(listens.map((l) => l.stop()));
    await feed.close();
    expect(fake.sent).toEqual(
      expect.arrayContaining(['LISTEN sessions', 'LISTEN bot_commands', 'LISTEN cycle_commands', 'SELECT 1']),
    );
    expect(fake.sent.filter((s) => s.startsWith('UNLISTEN'))).toHaveLength(3);
    expect(fake.overlapped).toEqual([]);
  });
});
