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
  const idleMs = options.idleMs ?? 45_000;
  const log = options.log ?? ((line: string) => console.warn(line));
  const name = options.name ?? 'ticker stream';
  const backoff = doublingBackoff(options.initialBackoffMs ?? 1_000, options.maxBackoffMs ?? 30_000);
  let running = false;
  let retryTimer: NodeJS.Timeout | undefined;
  // The attempt under way; a closed one (stopped or replaced) reports nothing more.
  let current: StreamAttempt | undefined;

  function teardown(): void {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    current?.close();
    current = undefined;
  }

  function retryLater(why: string): void {
    teardown(); // the torn-down request's own error/end events are now ignored
    const wait = backoff.take();
    log(`GridDesk: ${name} ${why}; reconnecting in ${wait} ms`);
    retryTimer = setTimeout(connect, wait);
    retryTimer.unref();
  }

  function connect(): void {
    current = streamAttempt(options, idleMs, {
      delivered: () => backoff.reset(), // a delivering stream proves the server is back
      signedOut: stop,
      failed: retryLater,
    });
    void current.open();
  }

  function stop(): void {
    running = false;
    teardown();
    backoff.reset();
  }

  return {
    start() {
      if (running) return;
      running = true;
      connect();
    },
    stop,
    get running() {
      return running;
    },
  };
}

/** Capped exponential backoff: each wait taken doubles the next one, up to `maxMs`. */
function doublingBackoff(initialMs: number, maxMs: number): { take(): number; reset(): void } {
  let next = initialMs;
  return {
    take() {
      const wait = next;
      next = Math.min(next * 2, maxMs);
      return wait;
    },
    reset() {
      next = initialMs;
    },
  };
}

/** What an attempt tells the client; nothing once it is closed. */
interface AttemptEvents {
  /** A message reached options.onMessage. */
  delivered(): void;
  /** No token (nobody is signed in), or a 401 (told to options.onUnauthorized next): the client stops. */
  signedOut(): void;
  /** The token could not be read, or the request failed, or the stream answered otherwise, ended, failed or went silent. */
  failed(why: string): void;
}

interface StreamAttempt {
  /** Reads the token and sends the request. */
  open(): Promise<void>;
  /** Drops the request; its later events are ignored. */
  close(): void;
}

/** One GET of the stream, from reading the token to the stream's end. */
function streamAttempt(options: SseClientOptions, idleMs: number, events: AttemptEvents): StreamAttempt {
  let closed = false;
  let req: ClientRequest | undefined;
  const fail = (why: string) => {
    if (!closed) events.failed(why);
  };
  const silence = silenceWatch(idleMs, () => fail(`was silent for ${idleMs} ms`));

  function onResponse(res: IncomingMessage): void {
    if (closed) return void res.destroy();
    if (res.statusCode === 401) {
      res.resume();
      events.signedOut();
      return options.onUnauthorized();
    }
    if (res.statusCode !== 200) {
      res.resume();
      return fail(`answered ${res.statusCode}`);
    }
    const parser = createSseParser((message) => {
      if (closed) return;
      events.delivered();
      options.onMessage(message);
    });
    res.setEncoding('utf8');
    silence.arm();
    res.on('data', (chunk: string) => {
      if (closed) return;
      silence.arm();
      parser.push(chunk);
    });
    res.on('end', () => fail('ended'));
    res.on('error', (error) => fail(`failed: ${error.message}`));
  }

  return {
    async open() {
      let token: string | null;
      try {
        token = await options.getToken();
      } catch (error) {
        return fail(`could not read the token: ${String(error)}`);
      }
      if (closed) return;
      if (!token) return events.signedOut();
      req = requestStream(options, token);
      req.on('response', onResponse);
      req.on('error', (error) => fail(`failed: ${error.message}`));
      req.end();
    },
    close() {
      closed = true;
      silence.disarm();
      req?.destroy();
    },
  };
}

/** Calls `onSilent` once `idleMs` pass without arm() being called again. */
function silenceWatch(idleMs: number, onSilent: () => void): { arm(): void; disarm(): void } {
  let timer: NodeJS.Timeout | undefined;
  return {
    arm() {
      clearTimeout(timer);
      timer = setTimeout(onSilent, idleMs);
      timer.unref();
    },
    disarm: () => clearTimeout(timer),
  };
}

/** The stream's GET, with the token and (when the caller keeps one) the last event id read now. */
function requestStream(options: SseClientOptions, token: string): ClientRequest {
  const url = new URL(options.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Cache-Control': 'no-cache',
    Authorization: `Bearer ${token}`,
  };
  const lastEventId = options.lastEventId?.();
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  return send(url, { method: 'GET', headers });
}
