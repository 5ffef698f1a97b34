/**
 * The engine's database writes. Every write to a bot is fenced on the lease (`lease_owner = me`),
 * so an engine that lost a bot to another process changes nothing of it; and every change that
 * matters happens in one transaction with the state it implies: an intent with the state that
 * sent it, a fill with the state it produced (the order's status flip is the apply-once guard).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MemberEvent, StopReason } from '../../common/api/bots';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { botCommands, botFills, botOrders, bots } from '../db/schema';
import { recordEvent } from '../modules/events/events';
import type { Fill as ExchangeFill, Market } from '../exchange/gateway';
import { snapshotOf, type GridBot } from '../trading/index';
import { EngineKilled } from './faults';
import { clientOrderIdOf } from './ids';
import { statusColumnOf, type BotRow, type RunningRow } from './records';
import { TurnBatch } from './turn-batch';

export type OrderRow = typeof botOrders.$inferSelect;
export type CommandKind = 'stop' | 'stopAndSell' | 'settings';

/** This process no longer holds the bot's lease: drop it, another engine runs it now. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

export interface IntentInput {
  kind: 'buy' | 'sell' | 'sellAll' | 'liquidation';
  grid: number;
  quantity: string;
  price: string;
}

export interface AppliedFill {
  price: string;
  quantity: string;
  cost: string;
  fee: string;
  pnl: string;
  exchangeOrderId: string;
  /** Where the trades were made: spot and USD-M number their trades each on their own. */
  market: Market;
  trades: ExchangeFill[];
}

/** A status change the bot's owner is told about. */
export interface StatusChange {
  reason: StopReason | null;
  message?: string | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One fill of the batched statement: the order's outcome and the bot's state it produced, as taken when it settled. */
interface FillRow {
  bot_id: string;
  order_id: string;
  exchange_order_id: string;
  fill_price: string;
  filled_qty: string;
  cost: string;
  fee: string;
  pnl: string;
  sell_pnl: string;
  state: unknown;
  realized_pnl: string;
  held_qty: string;
  held_cost: string;
  grid_no: number;
  trades: number;
  last_price: string | null;
  fills: { market: Market; symbol: string; trade_id: string; price: string; quantity: string; fee: string; fee_asset: string }[];
}
type FillOutcome = 'applied' | 'already' | 'lost';

function figures(bot: GridBot) {
  return {
    realizedPnl: bot.realized.toFixed(),
    heldQty: bot.heldQty.toFixed(),
    heldCost: bot.heldCost.toFixed(),
    gridNo: bot.holding,
    trades: bot.trades,
    lastPrice: bot.px.s === '' ? null : bot.px.s,
  };
}

/** The bot_orders row of an intent: the order's id and clientOrderId are fixed before it is sent. */
export function intentRow(botId: string, seq: number, intent: IntentInput): OrderRow {
  return {
    id: randomUUID(), botId, seq, clientOrderId: clientOrderIdOf(botId, seq), kind: intent.kind, side: intent.kind === 'buy' ? 'buy' : 'sell',
    grid: intent.grid, quantity: intent.quantity, decisionPrice: intent.price, status: 'intent', exchangeOrderId: null, fillPrice: null,
    filledQty: null, cost: null, fee: null, pnl: null, error: null, createdAt: new Date(), filledAt: null,
  };
}

export class BotStore {
  /** Set by Engine.kill(): from then on nothing reaches the database, as after a kill -9. */
  killed = false;

  /** Fills that settle in one turn of the event loop go out as one statement. */
  private readonly fills = new TurnBatch<FillRow, FillOutcome>((rows) => this.recordFillBatch(rows), (row) => row.bot_id);

  constructor(
    readonly db: Db,
    readonly owner: string,
    readonly leaseMs: number,
  ) {}

  private fence(botId: string) {
    if (this.killed) throw new EngineKilled('killed');
    return and(eq(bots.id, botId), eq(bots.leaseOwner, this.owner));
  }

  /** Takes up to `limit` running bots nobody holds (or whose holder stopped renewing). */
  async claim(limit: number): Promise<string[]> {
    const result = await this.db.execute(sql`
      UPDATE bots SET lease_owner = ${this.owner}, lease_expires_at = now() + ${`${this.leaseMs} milliseconds`}::interval
      WHERE id IN (
        SELECT id FROM bots
        WHERE status IN ('Live', 'Pause') AND (lease_owner IS NULL OR lease_expires_at < now())
        ORDER BY lease_expires_at NULLS FIRST
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }

  /**
   * Renews every lease this process holds; returns the bots it still holds. In chunks of
   * `chunk` rows, each its own statement locking its rows in id order (see saveTrackers): one
   * statement over every bot would hold all their rows for as long as it takes to rewrite them
   * all, and every order of those bots would wait for it.
   */
  async heartbeat(chunk = 500, beforeChunk?: () => Promise<void>): Promise<Set<string>> {
    const held = new Set<string>();
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      await beforeChunk?.();
      const result = await this.db.execute(sql`
        UPDATE bots SET lease_expires_at = now() + ${`${this.leaseMs} milliseconds`}::interval
        WHERE id IN (
          SELECT id FROM bots
          WHERE lease_owner = ${this.owner} AND status IN ('Live', 'Pause') AND lease_expires_at >= now() AND id > ${after}::uuid
          ORDER BY id LIMIT ${chunk} FOR UPDATE)
        RETURNING id`);
      const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
      for (const id of ids) {
        held.add(id);
        if (id > after) after = id; // uuids order as their lower-case hex text does
      }
      if (ids.length < chunk) return held;
    }
  }

  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.update(bots).set({ leaseOwner: null, leaseExpiresAt: null })
      .where(and(inArray(bots.id, ids), eq(bots.leaseOwner, this.owner)));
  }

  async load(botId: string): Promise<BotRow | undefined> {
    const [row] = await this.db.select().from(bots).where(eq(bots.id, botId));
    return row;
  }

  /** Orders whose outcome is not known yet, oldest first. */
  unsettledOrders(botId: string): Promise<OrderRow[]> {
    return this.db.select().from(botOrders)
      .where(and(eq(botOrders.botId, botId), inArray(botOrders.status, ['intent', 'unknown'])))
      .orderBy(asc(botOrders.seq));
  }

  /**
   * Records the orders a decision sends, with the state that decided them, before any is sent.
   * Without a status change it is one statement (the state update and the intents' insert in
   * one CTE, fenced on the lease and on the bot's order sequence): a busy tick decides hundreds
   * of orders at once, and each holds a pooled connection for one round trip instead of five.
   */
  async recordIntents(row: RunningRow, bot: GridBot, intents: IntentInput[], change?: StatusChange): Promise<OrderRow[]> {
    if (statusColumnOf(bot, row.status) !== row.status) return this.recordIntentsWithStatus(row, bot, intents, change);
    if (this.killed) throw new EngineKilled('killed');
    const first = row.orderSeq;
    const orders = intents.map((intent, i) => intentRow(row.id, first + i, intent));
    const f = figures(bot);
    const result = await this.db.execute(sql`
      WITH b AS (
        UPDATE bots SET order_seq = ${first + intents.length}, state = ${JSON.stringify(snapshotOf(bot))}::jsonb,
          realized_pnl = ${f.realizedPnl}, held_qty = ${f.heldQty}, held_cost = ${f.heldCost}, grid_no = ${f.gridNo},
          trades = ${f.trades}, last_price = ${f.lastPrice}
        WHERE id = ${row.id} AND lease_owner = ${this.owner} AND order_seq = ${first}
        RETURNING id)
      INSERT INTO bot_orders (id, bot_id, seq, client_order_id, kind, side, grid, quantity, decision_price, status, created_at)
      SELECT o.id, o."botId", o.seq, o."clientOrderId", o.kind, o.side, o.grid, o.quantity, o."decisionPrice", o.status, o."createdAt"
      FROM b, jsonb_to_recordset(${JSON.stringify(orders)}::jsonb) AS o(id uuid, "botId" uuid, seq integer, "clientOrderId" text,
        kind text, side text, grid integer, quantity numeric, "decisionPrice" numeric, status text, "createdAt" timestamptz)
      RETURNING bot_orders.id`);
    // Nothing written: the lease (or, impossibly, the sequence) is no longer ours.
    if (rowsOf(result).length !== intents.length) throw new LeaseLost(row.id);
    row.orderSeq = first + intents.length;
    return orders;
  }

  /**
   * The intents of many bots decided on one tick, in one statement (a price change makes dozens
   * of bots of a pair order at once; one round trip instead of one each keeps the pool's queue,
   * and so the price-to-order latency, short). Each bot is fenced on its lease and its order
   * sequence, as recordIntents fences one; returns the bots whose state and intents were written.
   * The status of none of them changes (the caller sends those through recordIntents).
   */
  async recordIntentBatch(items: readonly { row: RunningRow; bot: GridBot; orders: readonly OrderRow[] }[]): Promise<Set<string>> {
    if (this.killed) throw new EngineKilled('killed');
    if (items.length === 0) return new Set();
    const states = items.map(({ row, bot, orders }) => {
      const f = figures(bot);
      return { id: row.id, first: row.orderSeq, next: row.orderSeq + orders.length, state: snapshotOf(bot), realized_pnl: f.realizedPnl,
        held_qty: f.heldQty, held_cost: f.heldCost, grid_no: f.gridNo, trades: f.trades, last_price: f.lastPrice };
    });
    const orders = items.flatMap((item) => item.orders);
    // Rows locked in id order, as every statement that locks many bot rows takes them.
    const result = await this.db.execute(sql`
      WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(states)}::jsonb) AS v(id uuid, first integer, next integer, state jsonb,
        realized_pnl numeric, held_qty numeric, held_cost numeric, grid_no integer, trades integer, last_price numeric)),
      l AS (SELECT bots.id FROM bots JOIN v ON v.id = bots.id WHERE bots.lease_owner = ${this.owner} AND bots.order_seq = v.first
        ORDER BY bots.id FOR UPDATE OF bots),
      b AS (
        UPDATE bots SET order_seq = v.next, state = v.state, realized_pnl = v.realized_pnl, held_qty = v.held_qty, held_cost = v.held_cost,
          grid_no = v.grid_no, trades = v.trades, last_price = v.last_price
        FROM v WHERE bots.id = v.id AND bots.id IN (SELECT id FROM l)
        RETURNING bots.id),
      o AS (
        INSERT INTO bot_orders (id, bot_id, seq, client_order_id, kind, side, grid, quantity, decision_price, status, created_at)
        SELECT o.id, o."botId", o.seq, o."clientOrderId", o.kind, o.side, o.grid, o.quantity, o."decisionPrice", o.status, o."createdAt"
        FROM jsonb_to_recordset(${JSON.stringify(orders)}::jsonb) AS o(id uuid, "botId" uuid, seq integer, "clientOrderId" text,
          kind text, side text, grid integer, quantity numeric, "decisionPrice" numeric, status text, "createdAt" timestamptz)
        WHERE o."botId" IN (SELECT id FROM b))
      SELECT id FROM b`);
    return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
  }

  private recordIntentsWithStatus(row: RunningRow, bot: GridBot, intents: IntentInput[], change?: StatusChange): Promise<OrderRow[]> {
    return this.db.transaction(async (tx) => {
      const [updated] = await tx.update(bots)
        .set({ orderSeq: sql`${bots.orderSeq} + ${intents.length}`, state: snapshotOf(bot), ...figures(bot) })
        .where(this.fence(row.id)).returning({ orderSeq: bots.orderSeq });
      if (!updated) throw new LeaseLost(row.id);
      const first = updated.orderSeq - intents.length;
      const orders = await tx.insert(botOrders).values(intents.map((intent, i) => intentRow(row.id, first + i, intent))).returning();
      await this.statusChange(tx, row, bot, change);
      row.orderSeq = updated.orderSeq;
      return orders;
    });
  }

  /**
   * Books a fill once: the order flips to 'filled' only from an unsettled status, in the same
   * transaction as the state that includes the fill. 'already' when another path booked it.
   * Without a status change it is one statement: the bot row locked and its lease checked,
   * then the flip, the exchange's trades and the state, each only if the step before held.
   */
  async recordFill(row: RunningRow, bot: GridBot, order: OrderRow, fill: AppliedFill, change?: StatusChange): Promise<'applied' | 'already'> {
    if (statusColumnOf(bot, row.status) !== row.status) return this.recordFillWithStatus(row, bot, order, fill, change);
    if (this.killed) throw new EngineKilled('killed');
    const f = figures(bot);
    // The state is taken now, as the fill produced it; the bot waits for this write before it changes again.
    const outcome = await this.fills.add({ bot_id: row.id, order_id: order.id, exchange_order_id: fill.exchangeOrderId, fill_price: fill.price,
      filled_qty: fill.quantity, cost: fill.cost, fee: fill.fee, pnl: fill.pnl, sell_pnl: order.side === 'sell' ? fill.pnl : '0',
      state: snapshotOf(bot), realized_pnl: f.realizedPnl, held_qty: f.heldQty, held_cost: f.heldCost, grid_no: f.gridNo, trades: f.trades,
      last_price: f.lastPrice, fills: fill.trades.map((t) => ({ market: fill.market, symbol: t.symbol, trade_id: t.id, price: t.price, quantity: t.quantity, fee: t.fee,
        fee_asset: t.feeAsset })) });
    if (outcome === 'lost') throw new LeaseLost(row.id);
    return outcome;
  }

  /**
   * Fills of several bots in one statement, each as recordFill's transaction would write it: the
   * order's status flip (the apply-once guard: a fill booked already changes nothing), its
   * exchange trades (unique by trade id), and the bot's state, all fenced on the lease. Bot rows
   * are locked in id order, as every statement that locks many of them takes them.
   */
  private async recordFillBatch(rows: readonly FillRow[]): Promise<FillOutcome[]> {
    if (this.killed) throw new EngineKilled('killed');
    const result = await this.db.execute(sql`
      WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(bot_id uuid, order_id uuid, exchange_order_id text,
        fill_price numeric, filled_qty numeric, cost numeric, fee numeric, pnl numeric, sell_pnl numeric, state jsonb, realized_pnl numeric,
        held_qty numeric, held_cost numeric, grid_no integer, trades integer, last_price numeric, fills jsonb)),
      l AS (SELECT bots.id FROM bots JOIN v ON v.bot_id = bots.id WHERE bots.lease_owner = ${this.owner} ORDER BY bots.id FOR UPDATE OF bots),
      o AS (
        UPDATE bot_orders SET status = 'filled', exchange_order_id = v.exchange_order_id, fill_price = v.fill_price, filled_qty = v.filled_qty,
          cost = v.cost, fee = v.fee, pnl = v.pnl, filled_at = now(), error = NULL
        FROM v WHERE bot_orders.id = v.order_id AND bot_orders.status IN ('intent', 'unknown') AND v.bot_id IN (SELECT id FROM l)
        RETURNING bot_orders.id),
      f AS (
        INSERT INTO bot_fills (order_id, market, symbol, trade_id, price, quantity, fee, fee_asset)
        SELECT v.order_id, t.market, t.symbol, t.trade_id, t.price, t.quantity, t.fee, t.fee_asset
        FROM v JOIN o ON o.id = v.order_id,
          jsonb_to_recordset(v.fills) AS t(market text, symbol text, trade_id text, price numeric, quantity numeric, fee numeric, fee_asset text)
        ON CONFLICT DO NOTHING),
      b AS (
        UPDATE bots SET state = v.state, realized_pnl = v.realized_pnl, held_qty = v.held_qty, held_cost = v.held_cost, grid_no = v.grid_no,
          trades = v.trades, last_price = v.last_price,
          profit_booked = bots.profit_booked + greatest(v.sell_pnl, 0), loss_booked = bots.loss_booked + least(v.sell_pnl, 0)
        FROM v WHERE bots.id = v.bot_id AND v.order_id IN (SELECT id FROM o)
        RETURNING bots.id)
      SELECT v.order_id AS id, v.bot_id IN (SELECT id FROM l) AS held, v.order_id IN (SELECT id FROM o) AS flipped FROM v`);
    const byOrder = new Map(rowsOf<{ id: string; held: boolean; flipped: boolean }>(result).map((r) => [r.id, r]));
    return rows.map((row) => {
      const outcome = byOrder.get(row.order_id);
      return !outcome?.held ? 'lost' : outcome.flipped ? 'applied' : 'already';
    });
  }

  private recordFillWithStatus(row: RunningRow, bot: GridBot, order: OrderRow, fill: AppliedFill, change?: StatusChange): Promise<'applied' | 'already'> {
    return this.db.transaction(async (tx) => {
      const flipped = await tx.update(botOrders).set({
        status: 'filled', exchangeOrderId: fill.exchangeOrderId, fillPrice: fill.price, filledQty: fill.quantity,
        cost: fill.cost, fee: fill.fee, pnl: fill.pnl, filledAt: new Date(), error: null,
      }).where(and(eq(botOrders.id, order.id), inArray(botOrders.status, ['intent', 'unknown']))).returning({ id: botOrders.id });
      if (flipped.length === 0) return 'already';
      if (fill.trades.length > 0) {
        await tx.insert(botFills).values(fill.trades.map((t) => ({ orderId: order.id, market: fill.market, symbol: t.symbol, tradeId: t.id,
          price: t.price, quantity: t.quantity, fee: t.fee, feeAsset: t.feeAsset }))).onConflictDoNothing();
      }
      const sellPnl = order.side === 'sell' ? fill.pnl : '0';
      const [updated] = await tx.update(bots).set({
        state: snapshotOf(bot), ...figures(bot),
        profitBooked: sql`${bots.profitBooked} + greatest(${sellPnl}::numeric, 0)`,
        lossBooked: sql`${bots.lossBooked} + least(${sellPnl}::numeric, 0)`,
      }).where(this.fence(row.id)).returning({ id: bots.id });
      if (!updated) throw new LeaseLost(row.id);
      await this.statusChange(tx, row, bot, change);
      return 'applied';
    });
  }

  /**
   * The exchange refused the order (or never got it): the grid is back as it was. The order
   * flips to 'failed' only from an unsettled status; `tell` reaches the member in the same
   * transaction, and only with the flip, so an order two paths found failed is told once.
   * Returns whether the flip happened here.
   */
  async recordFailure(row: RunningRow, bot: GridBot, order: OrderRow, error: string, change?: StatusChange, tell?: MemberEvent): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const flipped = await tx.update(botOrders).set({ status: 'failed', error: error.slice(0, 500) })
        .where(and(eq(botOrders.id, order.id), inArray(botOrders.status, ['intent', 'unknown']))).returning({ id: botOrders.id });
      const [updated] = await tx.update(bots).set({ state: snapshotOf(bot), ...figures(bot) }).where(this.fence(row.id)).returning({ id: bots.id });
      if (!updated) throw new LeaseLost(row.id);
      await this.statusChange(tx, row, bot, change);
      if (flipped.length > 0 && tell) await this.event(tx, row.userId, tell);
      return flipped.length > 0;
    });
  }

  async markUnknown(order: OrderRow, error: string): Promise<void> {
    if (this.killed) throw new EngineKilled('killed');
    await this.db.update(botOrders).set({ status: 'unknown', error: error.slice(0, 500) })
      .where(and(eq(botOrders.id, order.id), eq(botOrders.status, 'intent')));
  }

  /** State (and status) without an order: a status change, an edit's effect, a stop. */
  async saveState(row: RunningRow, bot: GridBot, change?: StatusChange): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [updated] = await tx.update(bots).set({ state: snapshotOf(bot), ...figures(bot) }).where(this.fence(row.id)).returning({ id: bots.id });
      if (!updated) throw new LeaseLost(row.id);
      await this.statusChange(tx, row, bot, change);
    });
  }

  /**
   * Tracker moves of many bots in one statement (a price change arms take profits or trails
   * highs and lows on hundreds of bots at once, without an order). Fenced like every write;
   * returns the ids this process still holds and so wrote.
   */
  async saveTrackers(items: readonly { id: string; bot: GridBot }[]): Promise<Set<string>> {
    if (this.killed) throw new EngineKilled('killed');
    if (items.length === 0) return new Set();
    const rows = items.map(({ id, bot }) => ({ id, state: snapshotOf(bot), price: bot.px.s === '' ? null : bot.px.s }));
    // Rows are locked in id order, as the heartbeat locks them: two statements that lock many
    // bot rows each must take them in one order, or they deadlock.
    const result = await this.db.execute(sql`
      WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, state jsonb, price text)),
      l AS (SELECT bots.id FROM bots JOIN v ON v.id = bots.id WHERE bots.lease_owner = ${this.owner} ORDER BY bots.id FOR UPDATE OF bots)
      UPDATE bots SET state = v.state, last_price = v.price::numeric
      FROM v WHERE bots.id = v.id AND bots.id IN (SELECT id FROM l)
      RETURNING bots.id`);
    return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
  }

  /**
   * Writes the status column when it changed, with the reason, and tells the member. `row` is
   * the runner's copy and is kept in step. Stopped bots also give up their lease.
   */
  private async statusChange(tx: Tx, row: RunningRow, bot: GridBot, change?: StatusChange): Promise<void> {
    const status = statusColumnOf(bot, row.status);
    if (status === row.status) return;
    const reason = change?.reason ?? null;
    const stopped = status === 'Stopped';
    const set: Partial<BotRow> = { status, stopReason: status === 'Live' ? null : reason, stopMessage: change?.message ?? null };
    if (stopped) Object.assign(set, { stoppedAt: new Date(), leaseOwner: null, leaseExpiresAt: null });
    await tx.update(bots).set(set).where(this.fence(row.id));
    row.status = status;
    if (status === 'Live') return; // a restart after a pause: nothing to report
    await this.event(tx, row.userId, { kind: 'bot.stopped', botID: row.id, name: row.symbol, reason: reason ?? 'manual', status: status as 'Pause' | 'Stopped', at: new Date().toISOString() });
  }

  async event(db: Db | Tx, userId: string, event: MemberEvent): Promise<void> {
    if (this.killed) throw new EngineKilled('killed');
    await recordEvent(db as Db, userId, event);
  }

  /** Unapplied member commands, oldest first, with their bot's status and holder. */
  pendingCommands(limit = 500) {
    return this.db.select({ id: botCommands.id, botId: botCommands.botId, kind: botCommands.kind, status: bots.status, leaseOwner: bots.leaseOwner })
      .from(botCommands).innerJoin(bots, eq(bots.id, botCommands.botId))
      .where(isNull(botCommands.appliedAt)).orderBy(asc(botCommands.createdAt)).limit(limit);
  }

  async completeCommand(id: string, result: string): Promise<void> {
    if (this.killed) throw new EngineKilled('killed');
    await this.db.update(botCommands).set({ appliedAt: new Date(), result }).where(and(eq(botCommands.id, id), isNull(botCommands.appliedAt)));
  }
}
