/**
 * The member's event stream while signed in: GET /api/events (SSE), each event re-emitted as
 * the `bots:event` IPC event so open screens refresh at once, and a stop or a failed order
 * shown as a native notification whose click opens the bot (or History once it is gone).
 * Same lifecycle as the ticker feed; on top, every reconnect sends the last id seen as
 * `Last-Event-ID`, so the server replays what a dropped connection missed and nothing twice.
 */
import type { EventSink, Keychain, Notifier } from '../ports/types';
import { createSseClient, type SseClientOptions } from '../market-feed/sse-client';
import type { SseMessage } from '../market-feed/sse-parser';
import { notificationFor, parseMemberEvent } from './member-event';

export const BOT_EVENTS_PATH = '/api/events';

export interface BotEventFeedOptions {
  baseUrl: string;
  keychain: Keychain;
  events: EventSink;
  notifier: Notifier;
  /** The stream answered 401: the session is over (main clears it and tells the renderer). */
  onSessionExpired(): void | Promise<void>;
  /** Backoff and idle tuning, for tests. */
  tuning?: Pick<SseClientOptions, 'initialBackoffMs' | 'maxBackoffMs' | 'idleMs' | 'log'>;
}

export interface BotEventFeed {
  /** Opens the stream unless it is open already. */
  start(): void;
  /** Closes it and forgets the position: the next session (maybe another member) starts afresh. */
  stop(): void;
  readonly running: boolean;
  /** The id of the last event delivered, sent as Last-Event-ID on a reconnect. */
  readonly lastEventId: string | undefined;
}

/** Ids are the server's event sequence: one at or below the last seen was delivered already. */
function isReplay(id: string | undefined, lastId: string | undefined): boolean {
  if (id === undefined || lastId === undefined) return false;
  const [next, last] = [Number(id), Number(lastId)];
  if (Number.isFinite(next) && Number.isFinite(last)) return next <= last;
  return id === lastId;
}

export function createBotEventFeed(options: BotEventFeedOptions): BotEventFeed {
  let lastEventId: string | undefined;

  function deliver(message: SseMessage): void {
    if (isReplay(message.id, lastEventId)) return;
    if (message.id !== undefined) lastEventId = message.id;
    const event = parseMemberEvent(message);
    if (!event) return;
    options.events.emit('bots:event', event);
    const notification = notificationFor(event);
    if (!notification) return;
    try {
      options.notifier.notify(notification);
    } catch (error) {
      // A notification the OS refused must not stop the stream.
      console.error('GridDesk: showing a bot notification failed', error);
    }
  }

  const client = createSseClient({
    url: new URL(BOT_EVENTS_PATH, options.baseUrl).toString(),
    name: 'bot event stream',
    getToken: () => options.keychain.getToken(),
    lastEventId: () => lastEventId,
    onMessage: deliver,
    onUnauthorized: () => void options.onSessionExpired(),
    ...options.tuning,
  });
  return {
    start: () => client.start(),
    stop: () => {
      client.stop();
      lastEventId = undefined;
    },
    get running() {
      return client.running;
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
