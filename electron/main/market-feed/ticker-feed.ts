/**
 * Main's live ticker: while a member is signed in, one SSE stream from the platform server
 * (GET /api/tickers/stream, event `tickers`) fanned out as the `market:tickers` IPC event.
 * The renderer asks `market:tickers` for the first paint and then listens.
 */
import type { TickerEntry } from '../../../common/api/exchange';
import type { EventSink, Keychain } from '../ports/types';
import { createSseClient, type SseClientOptions } from './sse-client';

export const TICKER_STREAM_PATH = '/api/tickers/stream';

export interface TickerFeedOptions {
  baseUrl: string;
  keychain: Keychain;
  events: EventSink;
  /** The stream answered 401: the session is over (main clears it and tells the renderer). */
  onSessionExpired(): void | Promise<void>;
  /** Backoff and idle tuning, for tests. */
  tuning?: Pick<SseClientOptions, 'initialBackoffMs' | 'maxBackoffMs' | 'idleMs' | 'log'>;
}

export interface TickerFeed {
  /** Opens the stream unless it is open already. */
  start(): void;
  stop(): void;
  readonly running: boolean;
}

function isTicker(value: unknown): value is TickerEntry {
  const entry = value as Partial<TickerEntry> | null;
  return typeof entry?.symbol === 'string' && typeof entry.price === 'string' && typeof entry.changePercent === 'string';
}

/** The entries of a `tickers` message, or null when it is not one we understand. */
export function parseTickers(data: string): TickerEntry[] | null {
  try {
    const tickers = (JSON.parse(data) as { tickers?: unknown } | null)?.tickers;
    return Array.isArray(tickers) && tickers.every(isTicker) ? tickers : null;
  } catch {
    return null;
  }
}

export function createTickerFeed(options: TickerFeedOptions): TickerFeed {
  const client = createSseClient({
    url: new URL(TICKER_STREAM_PATH, options.baseUrl).toString(),
    getToken: () => options.keychain.getToken(),
    onMessage: ({ event, data }) => {
      if (event !== 'tickers') return;
      const tickers = parseTickers(data);
      if (tickers) options.events.emit('market:tickers', { tickers });
    },
    onUnauthorized: () => void options.onSessionExpired(),
    ...options.tuning,
  });
  return {
    start: () => client.start(),
    stop: () => client.stop(),
    get running() {
      return client.running;
    },
  };
}
