/**
 * USD-M positions from the members' futures user-data streams, for the Future bots this engine
 * runs. A Future bot holds the member's whole position on its pair (one per pair), so the
 * position the exchange reports must be the bot's: when the member trades the pair by hand, or
 * the exchange liquidates at its mark price before the bot's last price got there, the bot must
 * find out before its next order. Binance's ACCOUNT_UPDATE names each position an event changed
 * (pa "0" once closed); the bot compares it with its own once its work in hand is done, and asks
 * the exchange only when they differ. While a stream is down events may be missed, so a stream
 * coming (back) up asks every bot of the member to check with the exchange.
 * One subscription per member, held while any of their Future bots runs here.
 */
import type { MemberGateway } from '../exchange/core/gateway';
import type { FuturesMember } from '../exchange/user-streams/protocols';
import type { MemberStreams } from '../exchange/services';
import { MemberSubscriptions } from './member-subscriptions';

/** `amount` is the exchange's position on `symbol`; null means "unknown: look it up" (symbol null: every symbol). */
export type PositionReport = (userId: string, symbol: string | null, amount: string | null) => void;

/** The positions an ACCOUNT_UPDATE reports, as symbol -> signed base amount. */
export function positionsOf(event: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  if (event.e !== 'ACCOUNT_UPDATE' || typeof event.a !== 'object' || event.a === null) return out;
  const rows = (event.a as { P?: unknown }).P;
  if (!Array.isArray(rows)) return out;
  for (const row of rows as Record<string, unknown>[]) {
    // One-way mode: positionSide BOTH. A hedge-mode side is never the bot's.
    if (typeof row?.s !== 'string' || (row.ps !== undefined && row.ps !== 'BOTH')) continue;
    if (typeof row.pa === 'string' || typeof row.pa === 'number') out.set(row.s, String(row.pa));
  }
  return out;
}

export class PositionEvents {
  private readonly subscriptions: MemberSubscriptions<FuturesMember>;

  constructor(pool: MemberStreams<FuturesMember>, report: PositionReport) {
    this.subscriptions = new MemberSubscriptions(pool, 'engine-positions', (userId) => ({
      onEvent: (event) => {
        for (const [symbol, amount] of positionsOf(event)) report(userId, symbol, amount);
      },
      onUp: () => report(userId, null, null),
      onDown: () => undefined,
    }));
  }

  /** A Future bot of `userId` runs here now (counted: the member is heard until the last one goes). */
  watch(userId: string, gateway: MemberGateway): void {
    this.subscriptions.watch(userId, { gateway });
  }

  unwatch(userId: string): void {
    this.subscriptions.unwatch(userId);
  }

  close(): void {
    this.subscriptions.close();
  }
}
