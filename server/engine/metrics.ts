/**
 * The engine's Prometheus metrics (GET /metrics). `griddesk_engine_price{symbol}` is the last
 * price for which every runnable on the symbol (every bot and every cycle) has decided, its orders
 * were acknowledged and their fills applied and persisted: tests and benchmarks wait on it, never
 * on sleeps. A process may run several engines on one registry (bots, cycles): each settles its
 * own watermark (`source`), and the gauge moves only to a price every source of the symbol has
 * settled at, so two engines never fight over it.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Decimal } from '../../common/money';

/** The exchange may write 145 where a test wrote 145.00: prices compare as numbers. */
const same = (a: string | undefined, b: string) => a !== undefined && (a === b || new Decimal(a).eq(b));

export class EngineMetrics {
  readonly registry: Registry;
  readonly price: Gauge<'symbol'>;
  readonly decision: Histogram;
  readonly orderAck: Histogram;
  readonly orders: Counter<'outcome'>;
  readonly leases: Gauge;
  /** Every kind of runnable by status ('bots', 'cycles'). */
  readonly runnables: Gauge<'kind' | 'status'>;
  private readonly settled = new Map<string, string>();
  /** Per symbol, each source's own settled price. */
  private readonly sources = new Map<string, Map<string, string>>();
  private readonly leasesBySource = new Map<string, number>();
  private readonly waiters = new Set<{ symbol: string; price: string; resolve: () => void }>();

  constructor(registry = new Registry()) {
    this.registry = registry;
    this.price = new Gauge({
      name: 'griddesk_engine_price',
      help: 'Last price fully decided, acknowledged and persisted for every bot of the symbol',
      labelNames: ['symbol'],
      registers: [registry],
    });
    this.decision = new Histogram({
      name: 'griddesk_engine_decision_seconds',
      help: 'Tick received to every bot of the symbol decided',
      buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.1],
      registers: [registry],
    });
    this.orderAck = new Histogram({
      name: 'griddesk_engine_order_ack_seconds',
      help: 'Order sent to acknowledged by the exchange',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    this.orders = new Counter({
      name: 'griddesk_engine_orders_total',
      help: 'Orders by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    });
    this.leases = new Gauge({
      name: 'griddesk_engine_leases',
      help: 'Leases (bots and cycles) the engines of this process hold',
      registers: [registry],
    });
    this.runnables = new Gauge({
      name: 'griddesk_engine_runnables',
      help: 'Runnables the engines of this process run, by kind and status',
      labelNames: ['kind', 'status'],
      registers: [registry],
    });
  }

  /** What one engine holds, at its lease renewal: `kind` is its runnables' table ('bots', 'cycles'). */
  held(kind: string, counts: { live: number; paused: number; leases: number }): void {
    this.runnables.set({ kind, status: 'Live' }, counts.live);
    this.runnables.set({ kind, status: 'Pause' }, counts.paused);
    this.leasesBySource.set(kind, counts.leases);
    this.leases.set([...this.leasesBySource.values()].reduce((a, b) => a + b, 0));
  }

  orderAcked(started: bigint, outcome: 'ok' | 'error'): void {
    this.orderAck.observe(Number(process.hrtime.bigint() - started) / 1e9);
    if (outcome === 'error') this.orders.inc({ outcome: 'send_error' });
  }

  /**
   * The symbol's work up to `price` is done, for the engine `source`. Every engine sees the same
   * pushes in the same order, so the sources agreeing on one price is the last price all of them
   * acted on; until they agree, the gauge stays at the one before.
   */
  settle(symbol: string, price: string, source = ''): void {
    let bySource = this.sources.get(symbol);
    if (!bySource) this.sources.set(symbol, (bySource = new Map()));
    bySource.set(source, price);
    for (const p of bySource.values()) if (!same(p, price)) return;
    this.settled.set(symbol, price);
    this.price.set({ symbol }, Number(price));
    for (const w of this.waiters) {
      if (w.symbol === symbol && same(price, w.price)) {
        this.waiters.delete(w);
        w.resolve();
      }
    }
  }

  settledPrice(symbol: string): string | null {
    return this.settled.get(symbol) ?? null;
  }

  /** Resolves once `price` is the settled price of `symbol` (at once if it is). */
  waitFor(symbol: string, price: string, timeoutMs = 15_000): Promise<void> {
    if (same(this.settled.get(symbol), price)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = {
        symbol,
        price,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `engine did not settle ${symbol} at ${price} within ${timeoutMs} ms (settled: ${this.settled.get(symbol) ?? 'none'})`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}
