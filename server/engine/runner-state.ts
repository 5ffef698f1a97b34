/**
 * What a runner shares with the files that carry out its order and futures work
 * (runner-orders.ts, runner-futures.ts). They take the runner as this interface, not as the
 * Runner class, so they and runner.ts do not import each other.
 */
import type { Market, MemberGateway, OrderState } from '../exchange/core/gateway';
import type { Log } from '../logging/log';
import type { EngineMetrics } from './metrics';
import type { Runnable, RunnableCodec, RunningRow, Tick } from './runnable';
import type { CrashPoint, EngineFaults } from './faults';
import type { InFlightSends } from './in-flight-sends';
import type { RunnableStore, StatusChange } from './store';

export interface RunnerContext {
  store: RunnableStore;
  /** What runs: its core rebuilt from its row, and its member events. */
  codec: RunnableCodec;
  metrics: EngineMetrics;
  now: () => number;
  log: Log;
  faults: EngineFaults;
  /** The engine's orders being sent: a fill is booked once the burst it came with is answered. */
  sends: InFlightSends;
  /** Is this engine still alive (not killed)? */
  alive: () => boolean;
  /** How long a bot waits after an order the exchange refused before deciding again. */
  cooldownMs: number;
  /** When an order's outcome is unknown, how long until it is looked up again. */
  unknownRetryMs: number;
  /**
   * How long a sent order the exchange does not know is still looked for (the exchange's
   * order-not-found lag) before it counts as never placed.
   */
  unknownGiveUpMs: number;
  /** The latest price pushed for the runner's feed (null: none yet). */
  feedPrice(runner: RunnerState): string | null;
  /** Its work is done: the price fan-out offers it ticks, or leaves it out, as its core now needs (Runnable.awaitsExchange). */
  workDone(runner: RunnerState): void;
}

export interface RunnerState {
  readonly id: string;
  readonly symbol: string;
  row: RunningRow;
  core: Runnable;
  dead: boolean;
  readonly market: Market;
  readonly gateway: MemberGateway;
  readonly ctx: RunnerContext;
  cooldownUntil: number;
  errorStop: StatusChange | null;
  retryTimer: NodeJS.Timeout | null;
  readonly sending: Set<string>;
  /** Its limit orders resting on the exchange (clientOrderIds): booked when the user-data stream reports them ended. */
  readonly resting: Set<string>;
  /** Its orders may rest on the exchange (its tables keep the order type: tables.ts). */
  readonly rests: boolean;
  readonly reported: Map<string, OrderState>;
  readonly assets: { base: string; quote: string };
  readonly leverage: number | null;
  reportedPosition: string | null;
  positionCheck: Promise<unknown> | null;
  enqueue<T>(work: () => Promise<T>): Promise<T | undefined>;
  reconcile(options?: { resting: boolean }): Promise<void>;
  reload(): Promise<void>;
  evaluateNow(tick: Tick): Promise<void>;
  /** Decides again at the last price it was given (a resting order ended: what comes next). */
  decideAgain(): Promise<void>;
  change(): StatusChange;
  crash(point: CrashPoint, clientOrderId: string): void;
}
