/**
 * Executions from the members' spot user-data streams, for the bots this engine runs. Binance
 * reports every trade of an order (executionReport, x = TRADE) and its final state; once final,
 * the order's state and trades go to its bot. An order whose send ended without an answer (a
 * timeout, a 5xx after the exchange accepted it, then the order-not-found lag on the lookup) is
 * booked from the stream as soon as it reports, not at the next timed lookup. Whichever path
 * books a fill first wins; the other finds the order settled (the apply-once guard is the
 * order's status flip and the unique trade ids). One subscription per member, held while any of
 * their bots runs here.
 */
import { Decimal } from '../../common/money';
import type { Fill, MemberKey, OrderState } from '../exchange/core/gateway';
import type { MemberStreams } from '../exchange/services';
import { MemberSubscriptions } from './member-subscriptions';

const STATUS: Record<string, OrderState['status']> = {
  NEW: 'open',
  PARTIALLY_FILLED: 'open',
  PENDING_NEW: 'open',
  FILLED: 'closed',
  CANCELED: 'canceled',
  PENDING_CANCEL: 'canceled',
  EXPIRED: 'expired',
  EXPIRED_IN_MATCH: 'expired',
  REJECTED: 'rejected',
};
/** Orders with trades seen but no final state yet (market orders finish at once: a small bound will do). */
const MAX_OPEN = 2_000;

const str = (v: unknown, fallback = '0') => (typeof v === 'string' || typeof v === 'number' ? String(v) : fallback);

/** One executionReport as the order state it reports and the trade it carries, if any. */
export function executionOf(event: Record<string, unknown>): { state: OrderState; trade: Fill | null } | null {
  if (event.e !== 'executionReport' || typeof event.c !== 'string') return null;
  const status = STATUS[str(event.X, '')];
  if (!status) return null;
  const side = str(event.S, '').toLowerCase() === 'sell' ? 'sell' : 'buy';
  const symbol = str(event.s, '');
  const state: OrderState = {
    id: str(event.i),
    clientOrderId: event.c,
    symbol,
    side,
    type: str(event.o, '').toLowerCase(),
    status,
    price: event.p === undefined ? null : str(event.p),
    quantity: str(event.q),
    filled: str(event.z),
    cost: str(event.Z),
  };
  const trade =
    event.x === 'TRADE'
      ? ({
          id: str(event.t),
          orderId: state.id,
          symbol,
          side,
          price: str(event.L),
          quantity: str(event.l),
          fee: str(event.n),
          feeAsset: str(event.N, ''),
          time: Number(event.T ?? 0),
        } as Fill)
      : null;
  return { state, trade };
}

export class OrderEvents {
  private readonly subscriptions: MemberSubscriptions<MemberKey>;
  private readonly trades = new Map<string, Fill[]>();

  /**
   * `owns` says whether a client order id is of a bot running here; `onFinal` gets the order's
   * final state, with its trades when the stream delivered all of them (without, otherwise: the
   * bot then asks the exchange for them). `onUp` hears the member's stream (re)connected: what it
   * reported while down (a resting order that filled meanwhile) is lost, and must be looked up.
   */
  constructor(
    pool: MemberStreams<MemberKey>,
    private readonly owns: (clientOrderId: string) => boolean,
    private readonly onFinal: (state: OrderState) => void,
    onUp: (userId: string) => void = () => undefined,
  ) {
    this.subscriptions = new MemberSubscriptions(pool, 'engine', (userId) => ({
      onEvent: (event) => this.onEvent(event),
      // Down, events may be missed: the timed lookups still settle every order that is sent; a
      // resting one is looked up once the stream is up again.
      onUp: () => onUp(userId),
      onDown: () => undefined,
    }));
  }

  /** A bot of `userId` runs here now (counted: the member is heard until the last one goes). */
  watch(userId: string, key: MemberKey): void {
    this.subscriptions.watch(userId, key);
  }

  /** Resolves once the member's stream is up, or after `timeoutMs` (MemberSubscriptions.whenUp). */
  whenUp(userId: string, timeoutMs: number): Promise<void> {
    return this.subscriptions.whenUp(userId, timeoutMs);
  }

  unwatch(userId: string): void {
    this.subscriptions.unwatch(userId);
  }

  close(): void {
    this.subscriptions.close();
    this.trades.clear();
  }

  private onEvent(event: Record<string, unknown>): void {
    const execution = executionOf(event);
    if (!execution || !this.owns(execution.state.clientOrderId)) return;
    const { state, trade } = execution;
    const id = state.clientOrderId;
    let seen = this.trades.get(id);
    if (trade) {
      if (!seen) {
        if (this.trades.size >= MAX_OPEN) this.trades.delete(this.trades.keys().next().value!);
        this.trades.set(id, (seen = []));
      }
      if (!seen.some((t) => t.id === trade.id)) seen.push(trade);
    }
    if (state.status === 'open') return;
    this.trades.delete(id);
    // Every trade the order filled with, or none (a missed event): then the bot asks the exchange.
    const total = (seen ?? []).reduce((sum, t) => sum.plus(t.quantity), new Decimal(0));
    const complete = total.eq(new Decimal(state.filled || 0));
    this.onFinal(complete && seen ? { ...state, trades: seen } : state);
  }
}
