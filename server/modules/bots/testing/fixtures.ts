/**
 * Test builders: bots and filled orders written straight into the tables as the engine would
 * leave them, and a stand-in engine that answers member commands. Tests only.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { botCommands, botOrders, bots } from '../../../db/schema';
import { COMMAND_ANSWERED_CHANNEL, notifyCommand } from '../../../runnables/command-delivery';
import type { BotSnapshot, GridSnapshot } from '../../../../trading/index';

export type BotInsert = typeof bots.$inferInsert;
export type BotRow = typeof bots.$inferSelect;

const DAY_MS = 86_400_000;

/** A grid core state with these holdings and daily profits (only what the API reads is meaningful). */
export function snapshotWith(
  options: { grids?: Partial<GridSnapshot>[]; datewise?: Record<string, string>; realized?: string } = {},
): BotSnapshot {
  return {
    v: 1,
    status: 'live',
    statusReason: null,
    grids: (options.grids ?? []).map((g) => ({ phase: 'empty', qty: '0', cost: '0', buyPrice: null, high: null, ...g })),
    tracker: { target: 1, armed: false, low: null },
    maxHeld: 0,
    realized: options.realized ?? '0',
    inFlight: 0,
    sellAllPending: false,
    marketSkipNoted: false,
    trades: 0,
    datewise: options.datewise ?? {},
    startTs: null,
    lastTs: null,
    lastPrice: '',
  };
}

/** A Live BTCUSDT spot bot of 1000 USDT on 5 grids, started `daysAgo` days before `now`. */
export async function insertBot(
  db: Db,
  userId: string,
  overrides: Partial<BotInsert> & { daysAgo?: number; now?: Date } = {},
): Promise<BotRow> {
  const { daysAgo = 0, now = new Date(), ...values } = overrides;
  const [row] = await db
    .insert(bots)
    .values({
      userId,
      status: 'Live',
      symbol: 'BTCUSDT',
      category: 'Spot',
      strategyName: 'System Strategy',
      investment: '1000',
      totalGrid: 5,
      startedAt: new Date(now.getTime() - daysAgo * DAY_MS),
      state: snapshotWith(),
      ...values,
    })
    .returning();
  return row!;
}

export interface FilledOrder {
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  cost: string;
  pnl?: string;
  fee?: string;
  filledAt: Date;
}

/** Filled orders in sequence (the order book's rows), seq numbered from the bot's current count. */
export async function insertFilledOrders(db: Db, botId: string, orders: FilledOrder[]): Promise<void> {
  const existing = await db.select({ seq: botOrders.seq }).from(botOrders).where(eq(botOrders.runnableId, botId));
  const first = existing.length;
  if (orders.length === 0) return;
  await db.insert(botOrders).values(
    orders.map((o, i) => ({
      runnableId: botId,
      seq: first + i,
      clientOrderId: `test-${botId.slice(0, 8)}-${first + i}`,
      kind: o.side,
      side: o.side,
      slot: 1,
      quantity: o.qty,
      decisionPrice: o.price,
      status: 'filled',
      fillPrice: o.price,
      filledQty: o.qty,
      cost: o.cost,
      fee: o.fee ?? '0',
      pnl: o.side === 'sell' ? (o.pnl ?? '0') : null,
      filledAt: o.filledAt,
    })),
  );
}

/** What the stand-in engine answers a command with: 'ok', an error message, or null to leave it pending. */
export type CommandAnswer = (command: { kind: string; runnableId: string }) => string | null;

/**
 * A stand-in for the engine: applies pending commands every few ms with `answer`'s result; an
 * accepted stop also stops the bot, as the engine would.
 */
export function startTestEngine(db: Db, answer: CommandAnswer = () => 'ok', everyMs = 20): { stop(): void } {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const pending = await db.select().from(botCommands).where(isNull(botCommands.appliedAt));
      for (const command of pending) {
        const result = answer(command);
        if (result === null) continue;
        // As the engine does: the stop is written before the answer, and the answer with the
        // notification the API's wait hears (engine/command-queue.ts).
        if (result === 'ok' && command.kind !== 'settings') {
          await db
            .update(bots)
            .set({ status: 'Stopped', stoppedAt: new Date(), stopReason: command.kind === 'stop' ? 'manual' : 'stopAndSell' })
            .where(eq(bots.id, command.runnableId));
        }
        await db.transaction(async (tx) => {
          await tx
            .update(botCommands)
            .set({ appliedAt: new Date(), result })
            .where(and(eq(botCommands.id, command.id), isNull(botCommands.appliedAt)));
          await notifyCommand(tx, COMMAND_ANSWERED_CHANNEL, command.id);
        });
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick().catch(() => undefined), everyMs);
  return { stop: () => clearInterval(timer) };
}
