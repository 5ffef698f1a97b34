/**
 * The engine's orders on their way to the exchange. A price push makes dozens of bots order at
 * once (a hundred on a sharp move), and the exchange answers them one after another: booking a
 * fill (the core, the bot's snapshot, the database) takes the engine's CPU that reading the next
 * answers needs, so the burst's last answer would wait behind every fill booked before it. A bot
 * whose order was answered books it once the burst's other sends are answered too, or after
 * `maxMs` at most (a send that hangs until its timeout holds nobody up for long); the fills then
 * go out together, in one statement (see TurnBatch).
 */
export class InFlightSends {
  private count = 0;
  private waiters: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  begin(): void {
    this.count += 1;
  }

  end(): void {
    this.count -= 1;
    if (this.count > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves when no send is in flight, or after `maxMs`. */
  quiet(maxMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
