/**
 * PostgreSQL LISTEN/NOTIFY for caches that other processes invalidate (the session cache of
 * every API process). A notification is sent in the transaction that changed the data
 * (`SELECT pg_notify(...)`) and reaches every listener when it commits.
 *
 * A listener can miss notifications: the listening connection drops, or the server restarts.
 * So besides each message a listener hears `onGap(false)` the moment its connection is known to
 * be lost (it must stop trusting what it cached) and `onGap(true)` once it listens again (it may
 * cache again, starting empty). A heartbeat query finds a connection that died silently.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export interface NotificationHandlers {
  onMessage(payload: string): void;
  /** `false`: notifications may be lost from now on; `true`: listening again. */
  onGap(listening: boolean): void;
}

export interface Listening {
  /** Whether the channel is listened to now; if not, `onGap(true)` says when it is. */
  listening: boolean;
  stop(): Promise<void>;
}

export interface NotificationFeed {
  /** Settles after the first attempt to listen; a failed one keeps retrying in the background. */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listening>;
  close(): Promise<void>;
}

/** Channel names are SQL identifiers here, never quoted: keep them plain. */
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`notification channel must match ${CHANNEL}: ${channel}`);
}

/** PGlite is one in-process connection: nothing to lose, so no gaps. */
export function pgliteNotifications(client: PGlite): NotificationFeed {
  return {
    async listen(channel, handlers) {
      checkChannel(channel);
      const unlisten = await client.listen(channel, (payload) => handlers.onMessage(payload));
      return { listening: true, stop: () => unlisten() };
    },
    close: async () => undefined,
  };
}

export interface PostgresFeedOptions {
  /** How often the listening connection is checked with a query (ms). */
  heartbeatMs?: number;
  /** First and longest wait before reconnecting (ms); it doubles in between. */
  reconnectMs?: [number, number];
}

type ClientFactory = () => pg.Client;

/** One dedicated connection per process listens to every channel. */
export function postgresNotifications(newClient: ClientFactory, options: PostgresFeedOptions = {}): NotificationFeed {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const [firstWait, longestWait] = options.reconnectMs ?? [250, 10_000];
  const channels = new Map<string, Set<NotificationHandlers>>();
  let client: pg.Client | null = null;
  /** The channels each connection listens to. */
  const listened = new WeakMap<pg.Client, Set<string>>();
  let connecting: Promise<pg.Client> | null = null;
  let listening = false;
  let closed = false;
  let wait = firstWait;
  let heartbeat: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;

  const everyHandler = () => [...channels.values()].flatMap((set) => [...set]);

  function lost(broken: pg.Client): void {
    if (broken !== client) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    broken.removeAllListeners('notification');
    broken.end().catch(() => undefined);
    if (listening) for (const handlers of everyHandler()) handlers.onGap(false);
    listening = false;
    if (!closed && channels.size > 0 && !retry) {
      retry = setTimeout(() => {
        retry = null;
        connect().catch(() => undefined);
      }, wait);
      retry.unref();
      wait = Math.min(wait * 2, longestWait);
    }
  }

  async function open(): Promise<pg.Client> {
    const fresh = newClient();
    fresh.on('error', () => lost(fresh));
    fresh.on('end', () => lost(fresh));
    fresh.on('notification', (message) => {
      for (const handlers of channels.get(message.channel) ?? []) handlers.onMessage(message.payload ?? '');
    });
    client = fresh;
    listened.set(fresh, new Set());
    try {
      await fresh.connect();
      for (const channel of channels.keys()) await listenOn(fresh, channel);
    } catch (error) {
      lost(fresh);
      throw error;
    }
    if (closed) {
      await fresh.end().catch(() => undefined);
      throw new Error('notification feed closed');
    }
    wait = firstWait;
    listening = true;
    heartbeat = setInterval(() => {
      fresh.query('SELECT 1').catch(() => lost(fresh));
    }, heartbeatMs);
    heartbeat.unref();
    for (const handlers of everyHandler()) handlers.onGap(true);
    return fresh;
  }

  async function listenOn(on: pg.Client, channel: string): Promise<void> {
    const channelsOf = listened.get(on);
    if (!channelsOf || channelsOf.has(channel)) return;
    channelsOf.add(channel);
    await on.query(`LISTEN ${channel}`);
  }

  function connect(): Promise<pg.Client> {
    if (client && listening) return Promise.resolve(client);
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel, handlers) {
      checkChannel(channel);
      const known = channels.get(channel);
      if (known) known.add(handlers);
      else channels.set(channel, new Set([handlers]));
      let listensNow = true;
      try {
        // A connection opened before this channel was added learns it here.
        await listenOn(await connect(), channel);
      } catch {
        listensNow = false;
        if (client) lost(client); // a LISTEN that failed on an open connection: start over
      }
      const stop = async () => {
        const set = channels.get(channel);
        set?.delete(handlers);
        if (set && set.size === 0) {
          channels.delete(channel);
          if (client) listened.get(client)?.delete(channel);
          if (client && listening) await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
        }
      };
      return { listening: listensNow, stop };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = null;
      listening = false;
      channels.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
