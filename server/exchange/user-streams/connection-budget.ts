/**
 * Binance allows 300 new WebSocket connections per 5 minutes per IP. Every stream connection the
 * process opens takes a token here first, so a mass reconnect (the exchange dropping everyone at
 * its 24-hour mark, a network blip) spreads out instead of getting the IP refused. The default
 * keeps a margin for the price feed's own connection.
 */
export class ConnectionBudget {
  private readonly opened: number[] = [];
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly limit = 250,
    private readonly windowMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when one more connection fits the window (first come, first served). */
  take(): Promise<void> {
    const turn = this.tail.then(() => this.wait());
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private async wait(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.opened.length > 0 && this.opened[0]! <= now - this.windowMs) this.opened.shift();
      if (this.opened.length < this.limit) {
        this.opened.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, this.opened[0]! + this.windowMs - now).unref());
    }
  }
}
