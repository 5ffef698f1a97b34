/**
 * Reads one ticker stream for as long as it is wanted: each batch goes to `onBatch`; a failed
 * read marks the feed down and the next read (which reconnects) follows after a growing pause.
 * `up` is true from the first batch after (re)connecting until the next failure, which is when
 * callers may trust what the stream built. `onUp` hears each of those first batches: an
 * all-market stream sends a pair only when it changes, so what moved while it was down (after the
 * caller's last REST read) and is quiet since would never come; the caller reads it once then.
 */
import type { Ticker, TickerStream } from './core/gateway';

export interface TickerFeedOptions {
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Called once the stream is up again (after the batch that brought it up has been handed on). */
  onUp?: () => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class TickerFeed {
  private stream: TickerStream | null = null;
  up = false;
  batches = 0;
  failures = 0;

  constructor(
    private readonly open: () => TickerStream,
    private readonly onBatch: (rows: Ticker[]) => void,
    private readonly options: TickerFeedOptions = {},
  ) {}

  get running(): boolean {
    return this.stream !== null;
  }

  start(): void {
    if (this.stream) return;
    const stream = this.open();
    this.stream = stream;
    void this.read(stream);
  }

  stop(): void {
    const stream = this.stream;
    this.stream = null; // the reader sees this and leaves its loop
    this.up = false;
    void stream?.close().catch(() => undefined); // rejects the pending read, even on a silent market
  }

  private async read(stream: TickerStream): Promise<void> {
    const minMs = this.options.reconnectMinMs ?? 500;
    let backoff = minMs;
    while (this.stream === stream) {
      try {
        const rows = await stream.next();
        if (this.stream !== stream) break;
        const wasDown = !this.up;
        this.up = true;
        this.batches += 1;
        backoff = minMs;
        this.onBatch(rows);
        if (wasDown) this.options.onUp?.();
      } catch {
        if (this.stream !== stream) break;
        this.up = false;
        this.failures += 1;
        await sleep(backoff);
        backoff = Math.min(backoff * 2, this.options.reconnectMaxMs ?? 30_000);
      }
    }
    await stream.close().catch(() => undefined);
  }
}
