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
  return new PostgresFeed(newClient, options);
}

/** Who listens to what: each channel's handlers. */
class Subscriptions {
  private readonly byChannel = new Map<string, Set<NotificationHandlers>>();

  get size(): number {
    return this.byChannel.size;
  }

  channels(): IterableIterator<string> {
    return this.byChannel.keys();
  }

  add(channel: string, handlers: NotificationHandlers): void {
    const known = this.byChannel.get(channel);
    if (known) known.add(handlers);
    else this.byChannel.set(channel, new Set([handlers]));
  }

  /** True when these were the channel's last handlers: nobody listens to it any more. */
  remove(channel: string, handlers: NotificationHandlers): boolean {
    const set = this.byChannel.get(channel);
    set?.delete(handlers);
    if (!set || set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  deliver(channel: string, payload: string): void {
    for (const handlers of this.byChannel.get(channel) ?? []) handlers.onMessage(payload);
  }

  /** Tells every handler that notifications may be lost from now on (false), or are heard again (true). */
  gap(listening: boolean): void {
    for (const handlers of [...this.byChannel.values()].flatMap((set) => [...set])) handlers.onGap(listening);
  }

  clear(): void {
    this.byChannel.clear();
  }
}

/**
 * The feed's one connection: opened when a channel is first listened to, checked by a heartbeat,
 * and reopened after a growing wait when it is lost, as long as anyone listens.
 */
class PostgresFeed implements NotificationFeed {
  private readonly subscriptions = new Subscriptions();
  private readonly heartbeatMs: number;
  private readonly firstWait: number;
  private readonly longestWait: number;
  private client: pg.Client | null = null;
  /** The channels each connection listens to. */
  private readonly listened = new WeakMap<pg.Client, Set<string>>();
  /** Each connection's last statement: the next waits for it (pg refuses overlapping queries from 9.0 and warns in 8). */
  private readonly lastStatement = new WeakMap<pg.Client, Promise<unknown>>();
  private connecting: Promise<pg.Client> | null = null;
  private listening = false;
  private closed = false;
  private wait: number;
  private heartbeat: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly newClient: ClientFactory,
    options: PostgresFeedOptions,
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    [this.firstWait, this.longestWait] = options.reconnectMs ?? [250, 10_000];
    this.wait = this.firstWait;
  }

  async listen(channel: string, handlers: NotificationHandlers): Promise<Listening> {
    checkChannel(channel);
    this.subscriptions.add(channel, handlers);
    let listensNow = true;
    try {
      // A connection opened before this channel was added learns it here.
      await this.listenOn(await this.connect(), channel);
    } catch {
      listensNow = false;
      if (this.client) this.lost(this.client); // a LISTEN that failed on an open connection: start over
    }
    return { listening: listensNow, stop: () => this.unlisten(channel, handlers) };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const current = this.client;
    this.client = null;
    this.listening = false;
    this.subscriptions.clear();
    await current?.end().catch(() => undefined);
  }

  private async unlisten(channel: string, handlers: NotificationHandlers): Promise<void> {
    if (!this.subscriptions.remove(channel, handlers)) return;
    const { client } = this;
    if (client) this.listened.get(client)?.delete(channel);
    if (client && this.listening) await this.statement(client, `UNLISTEN ${channel}`).catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.client && this.listening) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const fresh = this.newClient();
    fresh.on('error', () => this.lost(fresh));
    fresh.on('end', () => this.lost(fresh));
    fresh.on('notification', (message) => this.subscriptions.deliver(message.channel, message.payload ?? ''));
    this.client = fresh;
    this.listened.set(fresh, new Set());
    try {
      await fresh.connect();
      for (const channel of this.subscriptions.channels()) await this.listenOn(fresh, channel);
    } catch (error) {
      this.lost(fresh);
      throw error;
    }
    if (this.closed) {
      await fresh.end().catch(() => undefined);
      throw new Error('notification feed closed');
    }
    this.wait = this.firstWait;
    this.listening = true;
    this.heartbeat = setInterval(() => {
      this.statement(fresh, 'SELECT 1').catch(() => this.lost(fresh));
    }, this.heartbeatMs);
    this.heartbeat.unref();
    this.subscriptions.gap(true);
    return fresh;
  }

  private async listenOn(on: pg.Client, channel: string): Promise<void> {
    const channelsOf = this.listened.get(on);
    if (!channelsOf || channelsOf.has(channel)) return;
    channelsOf.add(channel);
    await this.statement(on, `LISTEN ${channel}`);
  }

  /** Runs `text` on the connection once its statement before has ended, whatever that one's outcome. */
  private statement(on: pg.Client, text: string): Promise<unknown> {
    const run = (this.lastStatement.get(on) ?? Promise.resolve()).then(() => on.query(text));
    this.lastStatement.set(
      on,
      run.catch(() => undefined),
    );
    return run;
  }

  /** The connection broke: notifications may be missed until a new one listens. */
  private lost(broken: pg.Client): void {
    if (broken !== this.client) return;
    this.client = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    broken.removeAllListeners('notification');
    broken.end().catch(() => undefined);
    if (this.listening) this.subscriptions.gap(false);
    this.listening = false;
    if (!this.closed && this.subscriptions.size > 0 && !this.retry) this.reconnectLater();
  }

  private reconnectLater(): void {
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => undefined);
    }, this.wait);
    this.retry.unref();
    this.wait = Math.min(this.wait * 2, this.longestWait);
  }
}
