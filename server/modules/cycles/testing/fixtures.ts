/**
 * Test builders: cycles and their filled orders written straight into the tables as the engine
 * would leave them (the stand-in engine that answers cycle commands: engine/testing/cycle-commands.ts).
 * Tests only.
 */
import { eq } from 'drizzle-orm';
import { Decimal } from '../../../../common/money';
import type { Db } from '../../../db/database';
import { cycleOrders, cycles } from '../../../db/schema';
import { newCycleState, type CycleRow } from '../../../runnables/cycle/index';
import type { CycleSnapshot } from '../../../../trading/index';

export type CycleInsert = typeof cycles.$inferInsert;
export type { CycleRow };

const DAY_MS = 86_400_000;
const RULES = { stepSize: '0.00001', tickSize: '0.01', minNotional: '5', feeRate: '0.001' };

/**
 * A Live BTCUSDT spot cycle of 100 USDT buying at 95, selling at 105, stop loss 80, 5 rounds,
 * started `daysAgo` days before `now`; `progress` sets what its state says of it.
 */
export async function insertCycle(
  db: Db,
  userId: string,
  overrides: Partial<CycleInsert> & {
    daysAgo?: number;
    now?: Date;
    progress?: Partial<CycleSnapshot>;
  } = {},
): Promise<CycleRow> {
  const { daysAgo = 0, now = new Date(), progress = {}, ...values } = overrides;
  const settings = {
    amount: '100',
    buyPrice: '95',
    sellPrice: '105',
    stopLoss: '80',
    noOfCycle: 5,
    marketRules: RULES,
    ...values,
  };
  const [row] = await db
    .insert(cycles)
    .values({
      userId,
      status: 'Live',
      symbol: 'BTCUSDT',
      category: 'Spot',
      startedAt: new Date(now.getTime() - daysAgo * DAY_MS),
      state: { ...newCycleState(settings), ...progress },
      ...settings,
    })
    .returning();
  return row!;
}

export interface FilledCycleOrder {
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  pnl?: string;
  filledAt: Date;
}

/** Filled orders in sequence, seq numbered from the cycle's current count. */
export async function insertFilledCycleOrders(db: Db, cycleId: string, orders: FilledCycleOrder[]): Promise<void> {
  const existing = await db.select({ seq: cycleOrders.seq }).from(cycleOrders).where(eq(cycleOrders.runnableId, cycleId));
  const first = existing.length;
  if (orders.length === 0) return;
  await db.insert(cycleOrders).values(
    orders.map((o, i) => ({
      runnableId: cycleId,
      seq: first + i,
      clientOrderId: `test-${cycleId.slice(0, 8)}-${first + i}`,
      kind: o.side,
      side: o.side,
      slot: first + i + 1,
      quantity: o.qty,
      decisionPrice: o.price,
      orderType: 'limit',
      status: 'filled',
      fillPrice: o.price,
      filledQty: o.qty,
      cost: new Decimal(o.price).times(o.qty).toFixed(),
      fee: '0',
      pnl: o.side === 'sell' ? (o.pnl ?? '0') : null,
      filledAt: o.filledAt,
    })),
  );
}
