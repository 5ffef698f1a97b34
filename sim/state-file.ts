/**
 * The simulator's state file: read (checked, see state-readers.ts) and written atomically by
 * `StateWriter` (a temp file beside it, fsync, rename; one write in flight, changes during a write
 * coalesced into exactly one more).
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseState, type SimulatorState } from './persistence';

/** Why a state file cannot be used, naming the file and what to do about it. */
export function stateFileError(file: string, reason: string): Error {
  return new Error(
    `The simulator state file ${file} cannot be used: ${reason}. ` +
      'Repair it or restore a backup; moving it away starts an empty simulator, in which every account (and every member key bound to one) is gone.',
  );
}

/** The state saved in `file`, or null when there is none yet. Throws stateFileError on a damaged or foreign file. */
export async function readStateFile(file: string): Promise<SimulatorState | null> {
  let json: string;
  try {
    json = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw stateFileError(file, (error as Error).message);
  }
  try {
    return parseState(json);
  } catch (error) {
    throw stateFileError(file, (error as Error).message);
  }
}

const RENAME_RETRY = new Set(['EPERM', 'EACCES', 'EBUSY']);

/**
 * Writes `text` to `file` atomically: a temp file beside it (mode 0600: the state holds API
 * secrets), flushed to disk, then renamed over the target. Windows may refuse the rename for a
 * moment while another process (a virus scanner) holds the target open: retried a few times.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await rename(temp, file);
        return;
      } catch (error) {
        if (attempt >= 5 || !RENAME_RETRY.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

export interface StateWriterOptions {
  /** Writes the document; default writeFileAtomic. Tests count or hold writes through it. */
  write?: (file: string, text: string) => Promise<void>;
  /** Price-only changes are written at most this often (ms). Default 1000. */
  lazyMs?: number;
  /** A background write failed (the next change writes again). Default: console.error. */
  onError?: (error: unknown) => void;
}

/**
 * Coalesced writes of one document. `changed()` (money moved) writes on the next turn of the
 * event loop; `pricesChanged()` within lazyMs. At most one write is in flight: whatever changes
 * while it runs is written by exactly one more write after it. The document is rendered when a
 * write starts, so it is always the latest state.
 */
export class StateWriter {
  /** Writes started so far. */
  writes = 0;
  private urgent = false;
  private stale = false;
  private writing: Promise<void> | null = null;
  private soon: NodeJS.Immediate | null = null;
  private lazy: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly write: (file: string, text: string) => Promise<void>;
  private readonly lazyMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    readonly file: string,
    private readonly render: () => string,
    options: StateWriterOptions = {},
  ) {
    this.write = options.write ?? writeFileAtomic;
    this.lazyMs = options.lazyMs ?? 1000;
    this.onError = options.onError ?? ((error) => console.error(`simulator: could not save ${file}:`, error));
  }

  /** Money or an account changed: write as soon as possible. */
  changed(): void {
    if (this.closed) return;
    this.urgent = true;
    this.kick();
  }

  /** Only prices changed: write within lazyMs. */
  pricesChanged(): void {
    if (this.closed) return;
    this.stale = true;
    this.kick();
  }

  /** Writes what is pending now and waits until the file holds the latest state; throws when that write fails. */
  async flush(): Promise<void> {
    for (;;) {
      this.clearTimers();
      if (this.writing) {
        await this.writing;
        continue;
      }
      if (!this.urgent && !this.stale) return;
      await this.run(false);
    }
  }

  /** Flushes and stops: later changes are not written. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private kick(): void {
    if (this.writing || this.closed) return; // the write in flight kicks again when it is done
    if (this.urgent) {
      if (this.lazy) clearTimeout(this.lazy);
      this.lazy = null;
      this.soon ??= setImmediate(() => {
        this.soon = null;
        void this.run(true).catch(() => undefined);
      });
    } else if (this.stale && !this.soon && !this.lazy) {
      this.lazy = setTimeout(() => {
        this.lazy = null;
        void this.run(true).catch(() => undefined);
      }, this.lazyMs);
      this.lazy.unref();
    }
  }

  private clearTimers(): void {
    if (this.soon) clearImmediate(this.soon);
    if (this.lazy) clearTimeout(this.lazy);
    this.soon = null;
    this.lazy = null;
  }

  /** One write of the current state; `writing` settles (never rejects) when it is done. */
  private run(background: boolean): Promise<void> {
    const was = { urgent: this.urgent, stale: this.stale };
    this.urgent = false;
    this.stale = false;
    this.writes++;
    const done = (async () => this.write(this.file, this.render()))();
    this.writing = done.then(
      () => {
        this.writing = null;
        this.kick();
      },
      (error: unknown) => {
        this.writing = null;
        // Still unsaved: the next change (or flush) writes again; no retry loop on a full disk.
        this.urgent ||= was.urgent;
        this.stale ||= was.stale;
        if (background) this.onError(error);
      },
    );
    return done;
  }
}
