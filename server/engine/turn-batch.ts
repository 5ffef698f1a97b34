/**
 * Writes that become ready in the same turn of the event loop, sent as one statement when the
 * turn ends (setImmediate: after every I/O callback that was ready with them). A price push
 * makes dozens of bots send an order at once, and their answers come back in clumps: one
 * statement per clump instead of one per fill spends the database's CPU and the engine's
 * socket writes on fewer round trips, and the answers still waiting are read first.
 *
 * `write` answers one result per item, in order. A key (the bot) appears at most once per
 * statement: a second write of it starts the next statement, sent once the first is done, so
 * its writes land in order.
 */
export class TurnBatch<T, R> {
  private items: T[] = [];
  private waiters: { resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  private keys = new Set<string>();
  private scheduled = false;
  /** The statement in flight last, and the one the next must wait for (a key written twice). */
  private last: Promise<unknown> | null = null;
  private after: Promise<unknown> | null = null;

  constructor(
    private readonly write: (items: readonly T[]) => Promise<readonly R[]>,
    private readonly keyOf: (item: T) => string,
  ) {}

  add(item: T): Promise<R> {
    const key = this.keyOf(item);
    if (this.keys.has(key)) {
      // The key's earlier write goes now, and the next statement only after it: the pool would
      // run both side by side, and the later write could land first.
      this.flush();
      this.after = this.last;
    }
    this.keys.add(key);
    this.items.push(item);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return new Promise<R>((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private flush(): void {
    this.scheduled = false;
    if (this.items.length === 0) return;
    const items = this.items;
    const waiters = this.waiters;
    this.items = [];
    this.waiters = [];
    this.keys = new Set();
    const run = () => this.write(items);
    const after = this.after;
    this.after = null;
    let written: Promise<readonly R[]>;
    try {
      written = after === null ? run() : after.then(run, run);
    } catch (error) {
      written = Promise.reject(error);
    }
    this.last = written;
    written.then(
      (results) => waiters.forEach((w, i) => w.resolve(results[i]!)),
      (error: unknown) => waiters.forEach((w) => w.reject(error)),
    );
  }
}
