/**
 * A small, robust Server-Sent Events client over node:http(s), for main's live streams (the
 * ticker, the member's bot events). It reconnects with capped exponential backoff (reset once
 * a stream delivers), treats a silent stream as dead after `idleMs`, sends the keychain token
 * fresh on every attempt (and the last event id when the caller keeps one), and stops for good
 * on 401 (the session is over) or when told to.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createSseParser, type SseMessage } from './sse-parser';

export interface SseClientOptions {
  url: string;
  /** Read before each attempt; null stops the client (nobody is signed in). */
  getToken(): Promise<string | null>;
  onMessage(message: SseMessage): void;
  /** The server answered 401: the client has stopped. */
  onUnauthorized(): void;
  /** Read before each attempt and sent as `Last-Event-ID` when set, so the server resumes after it. */
  lastEventId?(): string | undefined;
  /** What the log lines call the stream. */
  name?: string;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** No bytes (data or heartbeat comment) for this long and the stream counts as dead. */
  idleMs?: number;
  log?: (line: string) => void;
}

export interface SseClient {
  start(): void;
  stop(): void;
  readonly running: boolean;
}

export function createSseClient(options: SseClientOptions): SseClient {
  const initialMs = options.initialBackoffMs ?? 1_000;
  const maxMs = options.maxBackoffMs ?? 30_000;
  const idleMs = options.idleMs ?? 45_000;
  const log = options.log ?? ((line: string) => console.warn(line));
  const name = options.name ?? 'ticker stream';
  let running = false;
  // Every attempt gets a generation; callbacks of an older one (a stopped or replaced stream) are ignored.
  let generation = 0;
  let backoffMs = initialMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let current: ClientRequest | undefined;

  function clearTimers(): void {
    clearTimeout(retryTimer);
    clearTimeout(idleTimer);
    retryTimer = idleTimer = undefined;
  }

  function teardown(): void {
    clearTimers();
    current?.destroy();
    current = undefined;
  }

  function retryLater(gen: number, why: string): void {
    if (gen !== generation || !running) return;
    const next = ++generation; // the torn-down request's own error/end events are now stale
    teardown();
    log(`GridDesk: ${name} ${why}; reconnecting in ${backoffMs} ms`);
    const wait = backoffMs;
    backoffMs = Math.min(backoffMs * 2, maxMs);
    retryTimer = setTimeout(() => void connect(next), wait);
    retryTimer.unref();
  }

  function armIdle(gen: number): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => retryLater(gen, `was silent for ${idleMs} ms`), idleMs);
    idleTimer.unref();
  }

  function onResponse(gen: number, res: IncomingMessage): void {
    if (gen !== generation) return void res.destroy();
    if (res.statusCode === 401) {
      res.resume();
      stop();
      options.onUnauthorized();
      return;
    }
    if (res.statusCode !== 200) {
      res.resume();
      return retryLater(gen, `answered ${res.statusCode}`);
    }
    const parser = createSseParser((message) => {
      if (gen !== generation) return;
      backoffMs = initialMs; // a delivering stream proves the server is back
      options.onMessage(message);
    });
    res.setEncoding('utf8');
    armIdle(gen);
    res.on('data', (chunk: string) => {
      if (gen !== generation) return;
      armIdle(gen);
      parser.push(chunk);
    });
    res.on('end', () => retryLater(gen, 'ended'));
    res.on('error', (error) => retryLater(gen, `failed: ${error.message}`));
  }

  async function connect(gen: number): Promise<void> {
    if (gen !== generation || !running) return;
    const attempt = ++generation;
    let token: string | null;
    try {
      token = await options.getToken();
    } catch (error) {
      return retryLater(attempt, `could not read the token: ${String(error)}`);
    }
    if (attempt !== generation || !running) return;
    if (!token) return stop();
    const url = new URL(options.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      'Cache-Control': 'no-cache',
      Authorization: `Bearer ${token}`,
    };
    const lastEventId = options.lastEventId?.();
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const req = send(url, { method: 'GET', headers });
    current = req;
    req.on('response', (res) => onResponse(attempt, res));
    req.on('error', (error) => retryLater(attempt, `failed: ${error.message}`));
    req.end();
  }

  function stop(): void {
    running = false;
    generation++;
    teardown();
    backoffMs = initialMs;
  }

  return {
    start() {
      if (running) return;
      running = true;
      void connect(generation);
    },
    stop,
    get running() {
      return running;
    },
  };
}
