/**
 * A runnable that is no grid, for the kernel's tests: proof that what the kernel runs is only
 * what the Runnable seam says. On its first price it rests a LIMIT GTC buy at `buyAt`; once that
 * fills (the price crossed it, on the exchange, with or without an engine running) it rests a
 * LIMIT GTC sell of what it bought at `sellAt`; once that fills it is done. A 'cancel' command
 * cancels the resting order and stops it, keeping what it holds.
 *
 * Its rows live in tables of its own (`createRestingTables`): the kernel's columns (tables.ts),
 * its orders, fills and commands from the factory every kind's come from (with an order type
 * and an 'open' status, as a cycle's), so it runs on the kernel with nothing of the bots: what
 * a third kind would add.
 */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MemberEvent } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { money, runnableCommandsTable, runnableFillsTable, runnableOrderColumns } from '../../db/schema/runnable-tables';
import { APPLIED, refused } from '../../runnables/command-results';
import { D } from '../../../trading/index';
import type {
  BookedFill,
  CommandStep,
  Decision,
  KernelRow,
  Runnable,
  RunnableCodec,
  StateColumns,
  StatusColumn,
  Tick,
} from '../runnable';
import type { StopReason } from '../../../common/api/stop-reasons';

export const restingRunnables = pgTable('test_resting_runnables', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  symbol: text('symbol').notNull(),
  status: text('status').$type<StatusColumn>().notNull(),
  orderSeq: integer('order_seq').notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  stopReason: text('stop_reason'),
  stopMessage: text('stop_message'),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  profitBooked: money('profit_booked').notNull().default('0'),
  lossBooked: money('loss_booked').notNull().default('0'),
  state: jsonb('state').$type<RestingState>().notNull(),
  realizedPnl: money('realized_pnl').notNull().default('0'),
  heldQty: money('held_qty').notNull().default('0'),
  heldCost: money('held_cost').notNull().default('0'),
  gridNo: integer('grid_no').notNull().default(0),
  trades: integer('trades').notNull().default(0),
  lastPrice: money('last_price'),
});

// Its orders, fills and commands as every kind's are built (db/schema/runnable-tables.ts); its
// orders rest, so they carry an order type as a cycle's do.
export const restingOrders = pgTable('test_resting_orders', {
  ...runnableOrderColumns('test_resting', () => restingRunnables.id, 'slot'),
  orderType: text('order_type').notNull().default('market'),
});

export const restingFills = runnableFillsTable('test_resting', () => restingOrders.id);

export const restingCommands = runnableCommandsTable('test_resting', () => restingRunnables.id);

/** The tables above, in a test database (they are no part of the product's schema). */
export async function createRestingTables(db: Db): Promise<void> {
  const n = 'numeric(38, 18)';
  for (const statement of [
    `CREATE TABLE test_resting_runnables (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, symbol text NOT NULL,
      status text NOT NULL, order_seq integer NOT NULL DEFAULT 0, lease_owner text, lease_expires_at timestamptz, stop_reason text,
      stop_message text, stopped_at timestamptz, profit_booked ${n} NOT NULL DEFAULT 0, loss_booked ${n} NOT NULL DEFAULT 0, state jsonb NOT NULL,
      realized_pnl ${n} NOT NULL DEFAULT 0, held_qty ${n} NOT NULL DEFAULT 0, held_cost ${n} NOT NULL DEFAULT 0, grid_no integer NOT NULL DEFAULT 0,
      trades integer NOT NULL DEFAULT 0, last_price ${n})`,
    `CREATE TABLE test_resting_orders (id uuid PRIMARY KEY, test_resting_id uuid NOT NULL, seq integer NOT NULL, client_order_id text NOT NULL UNIQUE,
      kind text NOT NULL, side text NOT NULL, slot integer NOT NULL, quantity ${n} NOT NULL, decision_price ${n} NOT NULL,
      order_type text NOT NULL DEFAULT 'market' CHECK (order_type IN ('market', 'limit')),
      status text NOT NULL CHECK (status IN ('intent', 'unknown', 'open', 'cancel', 'filled', 'failed')), exchange_order_id text,
      fill_price ${n}, filled_qty ${n}, cost ${n}, fee ${n}, pnl ${n}, error text, created_at timestamptz NOT NULL DEFAULT now(), filled_at timestamptz)`,
    `CREATE TABLE test_resting_fills (order_id uuid NOT NULL, market text NOT NULL, symbol text NOT NULL, trade_id text NOT NULL,
      price ${n} NOT NULL, quantity ${n} NOT NULL, fee ${n} NOT NULL, fee_asset text NOT NULL, PRIMARY KEY (market, symbol, trade_id))`,
    `CREATE TABLE test_resting_commands (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), test_resting_id uuid NOT NULL, kind text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), applied_at timestamptz, result text)`,
  ])
    await db.execute(sql.raw(statement));
}

/**
 * start: nothing decided yet; buying / selling: its limit rests; holding: bought, the sell not
 * decided yet; done: sold; cancelled: a cancel ended it (or a stop).
 */
export type RestingPhase = 'start' | 'buying' | 'holding' | 'selling' | 'done' | 'cancelled';

export interface RestingState {
  buyAt: string;
  sellAt: string;
  quantity: string;
  phase: RestingPhase;
  /** A cancel was decided: whatever ends the resting order next ends the runnable. */
  cancelling: boolean;
  held: string;
  cost: string;
  pnl: string;
  trades: number;
  lastPrice: string | null;
}

export const BUY_SLOT = 1;
export const SELL_SLOT = 2;

export type RestingRow = typeof restingRunnables.$inferSelect;

const NOTHING: Omit<Decision, 'orders'> = { trackersOnly: false, skipped: [] };

export class RestingLimitRunnable implements Runnable<RestingRow> {
  constructor(readonly s: RestingState) {}

  decide(tick: Tick): Decision | null {
    this.s.lastPrice = tick.price;
    if (this.s.cancelling) return null;
    if (this.s.phase === 'start') {
      this.s.phase = 'buying';
      return {
        ...NOTHING,
        orders: [{ kind: 'buy', slot: BUY_SLOT, quantity: this.s.quantity, price: this.s.buyAt, type: 'limit' }],
      };
    }
    if (this.s.phase === 'holding') {
      this.s.phase = 'selling';
      return {
        ...NOTHING,
        orders: [{ kind: 'sell', slot: SELL_SLOT, quantity: this.s.held, price: this.s.sellAt, type: 'limit' }],
      };
    }
    return null;
  }

  decided(tick: Tick): boolean {
    return this.s.lastPrice !== null && new D(this.s.lastPrice).eq(tick.price);
  }

  command(kind: string): Promise<CommandStep> {
    const resting = this.s.phase === 'buying' ? BUY_SLOT : this.s.phase === 'selling' ? SELL_SLOT : null;
    if (kind !== 'cancel' || resting === null || this.s.cancelling)
      return Promise.resolve({ decision: null, result: () => refused('already_stopped') });
    this.s.cancelling = true;
    return Promise.resolve({ decision: { ...NOTHING, orders: [], cancels: [resting] }, result: () => APPLIED });
  }

  filled(fill: BookedFill): { pnl: string } | null {
    this.s.trades += 1;
    if (fill.side === 'buy' && this.s.phase === 'buying') {
      this.s.held = fill.quantity;
      this.s.cost = new D(fill.price).mul(fill.quantity).plus(fill.fee).toFixed();
      this.s.phase = this.s.cancelling ? 'cancelled' : 'holding';
      return { pnl: '0' };
    }
    if (fill.side === 'sell' && this.s.phase === 'selling') {
      const pnl = new D(fill.price).mul(fill.quantity).minus(fill.fee).minus(this.s.cost).toFixed();
      this.s.pnl = new D(this.s.pnl).plus(pnl).toFixed();
      this.s.held = new D(this.s.held).minus(fill.quantity).toFixed();
      this.s.phase = this.s.cancelling ? 'cancelled' : 'done';
      return { pnl };
    }
    this.s.trades -= 1;
    return null;
  }

  liquidated(): null {
    return null;
  }

  orderFailed(slot: number): void {
    if (this.s.cancelling) this.s.phase = 'cancelled';
    else this.s.phase = slot === BUY_SLOT ? 'start' : 'holding';
  }

  stop(): void {
    this.s.phase = 'cancelled';
  }

  get stopped(): boolean {
    return this.s.phase === 'done' || this.s.phase === 'cancelled';
  }

  readonly paused = false;

  get inFlight(): number {
    return this.s.phase === 'buying' || this.s.phase === 'selling' ? 1 : 0;
  }

  stopReason(): StopReason | null {
    return this.stopped ? 'manual' : null;
  }

  statusColumn(): StatusColumn {
    return this.stopped ? 'Stopped' : 'Live';
  }

  columns(): StateColumns {
    return {
      state: this.s,
      realizedPnl: this.s.pnl,
      heldQty: this.s.held,
      heldCost: this.s.cost,
      gridNo: 0,
      trades: this.s.trades,
      lastPrice: this.s.lastPrice,
    };
  }

  readonly position = '0';
  readonly liquidationPrice = null;
  readonly startedAt = null;
}

const event = (row: Pick<KernelRow, 'id' | 'symbol'>, at: Date): MemberEvent => ({
  kind: 'bot.stopped',
  botID: row.id,
  name: row.symbol,
  reason: 'manual',
  status: 'Stopped',
  at: at.toISOString(),
});

export const restingCodec: RunnableCodec<RestingRow & KernelRow> = {
  decode: (row) => new RestingLimitRunnable(structuredClone(row.state)),
  venueOf: () => ({ market: 'spot', leverage: null }),
  statusEvent: (row, status, _reason, at) => (status === 'Stopped' ? event(row, at) : null),
  orderFailedEvent: (row, message, at) => ({
    kind: 'bot.orderFailed',
    botID: row.id,
    name: row.symbol,
    message,
    at: at.toISOString(),
  }),
  tables: {
    runnables: restingRunnables,
    orders: restingOrders,
    fills: restingFills,
    commands: restingCommands,
    runnableId: 'test_resting_id',
    slot: 'slot',
    orderType: 'order_type',
  },
};

/** A resting-limit runnable of `userId` on `symbol`, Live, for the next claim. */
export async function insertResting(
  db: Db,
  userId: string,
  symbol: string,
  settings: Pick<RestingState, 'buyAt' | 'sellAt' | 'quantity'>,
): Promise<string> {
  const state: RestingState = {
    ...settings,
    phase: 'start',
    cancelling: false,
    held: '0',
    cost: '0',
    pnl: '0',
    trades: 0,
    lastPrice: null,
  };
  const [row] = await db
    .insert(restingRunnables)
    .values({ userId, symbol, status: 'Live', state })
    .returning({ id: restingRunnables.id });
  return row!.id;
}
