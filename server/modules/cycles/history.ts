/**
 * GET /api/cyclebothistory: the member's Completed and Stopped cycles, newest stop first
 * (SPEC: History, Cycle tab, with the Multigrid tab's columns). The profit and loss books come
 * from the cycle's filled sells in `cycle_orders` (each sell's PnL, fees included), as a bot's
 * come from its own.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CycleStopReason } from '../../../common/api/stop-reasons';
import type { CycleHistoryRow } from '../../../common/api/cycles';
import { Decimal } from '../../../common/money';
import { cycleOrders, cycles } from '../../db/schema';
import { NO_LOSS, plain, plainOrNull, roiPercent, runtimeDays } from '../runnables/figures';
import type { CyclesDeps } from './deps';
import { progressOf } from './progress';

interface Books {
  profit: string;
  loss: string;
  total: string;
  trades: number;
}

const NO_BOOKS: Books = { profit: '0', loss: '0', total: '0', trades: 0 };

/** Per cycle: the sells' PnL split into gains and losses, their sum, and the filled orders. */
async function booksOf(deps: CyclesDeps, ids: string[]): Promise<Map<string, Books>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({
      cycleId: cycleOrders.runnableId,
      profit: sql<string>`coalesce(sum(${cycleOrders.pnl}) FILTER (WHERE ${cycleOrders.pnl} > 0), 0)`,
      loss: sql<string>`coalesce(sum(${cycleOrders.pnl}) FILTER (WHERE ${cycleOrders.pnl} < 0), 0)`,
      total: sql<string>`coalesce(sum(${cycleOrders.pnl}), 0)`,
      trades: sql<number>`count(*)::int`,
    })
    .from(cycleOrders)
    .where(and(inArray(cycleOrders.runnableId, ids), eq(cycleOrders.status, 'filled'), isNotNull(cycleOrders.filledAt)))
    .groupBy(cycleOrders.runnableId);
  return new Map(
    rows.map((r) => [
      r.cycleId,
      { profit: plain(r.profit), loss: plain(r.loss), total: plain(r.total), trades: Number(r.trades) },
    ]),
  );
}

/** What the cycle's state says ended it, for a row written before the engine kept `stop_reason`. */
function stopReasonOf(status: string, column: string | null, state: unknown): CycleStopReason | null {
  if (status !== 'Stopped') return null;
  if (column) return column as CycleStopReason;
  const end = (state as { end?: unknown } | null)?.end;
  return typeof end === 'string' && end !== 'completed' ? (end as CycleStopReason) : null;
}

export async function cycleHistory(deps: CyclesDeps, userId: string): Promise<CycleHistoryRow[]> {
  const rows = await deps.db
    .select({
      id: cycles.id,
      symbol: cycles.symbol,
      status: cycles.status,
      startedAt: cycles.startedAt,
      stoppedAt: cycles.stoppedAt,
      amount: cycles.amount,
      noOfCycle: cycles.noOfCycle,
      cyclesCompleted: cycles.cyclesCompleted,
      lastBoughtPrice: cycles.lastBoughtPrice,
      realizedPnl: cycles.realizedPnl,
      trades: cycles.trades,
      lastPrice: cycles.lastPrice,
      stopReason: cycles.stopReason,
      state: cycles.state,
    })
    .from(cycles)
    .where(and(eq(cycles.userId, userId), inArray(cycles.status, ['Completed', 'Stopped'])))
    .orderBy(sql`${cycles.stoppedAt} DESC NULLS LAST`, desc(cycles.createdAt));
  const books = await booksOf(
    deps,
    rows.map((r) => r.id),
  );
  const now = deps.clock();
  return rows.map((cycle) => {
    const { completed } = progressOf(cycle);
    const book = books.get(cycle.id) ?? NO_BOOKS;
    const lastPrice = cycle.lastPrice ?? (cycle.state as { lastPrice?: string | null } | null)?.lastPrice ?? null;
    return {
      id: cycle.id,
      symbol: cycle.symbol,
      strategy_name: `Cycle ${completed}/${cycle.noOfCycle}`,
      runtime: runtimeDays(cycle.startedAt, cycle.stoppedAt, now),
      investment: plain(cycle.amount),
      profit: book.profit,
      lossbook: new Decimal(book.loss).isZero() ? NO_LOSS : book.loss,
      totalpnl: book.total,
      roi: roiPercent(book.total, cycle.amount),
      botstarttime: cycle.startedAt.toISOString(),
      botstoptime: cycle.stoppedAt?.toISOString() ?? null,
      stopAt: plainOrNull(lastPrice),
      trades: book.trades,
      status: cycle.status as CycleHistoryRow['status'],
      stopReason: stopReasonOf(cycle.status, cycle.stopReason, cycle.state),
      cycles_completed: completed,
      no_of_cycle: cycle.noOfCycle,
    };
  });
}
