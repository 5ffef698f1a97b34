/**
 * The engine's database writes for the bots it runs. Every write to a bot is fenced on the lease
 * (`lease_owner = me`), so an engine that lost a bot to another process changes nothing of it;
 * and every change that matters happens in one transaction with the state it implies: an intent
 * with the state that sent it, a fill with the state it produced (the order's status flip is the
 * apply-once guard), a status change with the member's event. The statements themselves live
 * by concern: leases.ts, order-writes.ts, command-queue.ts; the state columns come from the
 * runnable's core (Runnable.columns), its member events from its codec.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MemberEvent } from '../../common/api/bots';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { botFills, botOrders, bots } from '../db/schema';
import type { CommandResult } from '../runnables/command-results';
import { recordEvent } from '../runnables/member-events';
import { completeCommand, pendingCommands } from './command-queue';
import { EngineKilled } from './faults';
import { claimLeases, releaseLeases, renewLeases } from './leases';
import { intentRow, LeaseLost, type AppliedFill, type IntentInput, type OrderRow, type StatusChange } from './order-records';
import { fillRowOf, writeFillBatch, writeIntentBatch, writeIntents, type FillOutcome, type FillRow } from './order-writes';
import type { Runnable, RunnableCodec, RunningRow } from './runnable';
import { TurnBatch } from './turn-batch';

export { intentRow, LeaseLost, type AppliedFill, type IntentInput, type OrderRow, type StatusChange } from './order-records';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A row of the table the kernel runs (the bots table: a cycle's table is its own, see README). */
export type StoredRow = typeof bots.$inferSelect;
type Core = Runnable<StoredRow>;

export class BotStore {
  /** Set by Engine.kill(): from then on nothing reaches the database, as after a kill -9. */
  killed = false;

  /** Fills that settle in one turn of the event loop go out as one statement. */
  private readonly fills = new TurnBatch<FillRow, FillOutcome>((rows) => this.recordFillBatch(rows), (row) => row.bot_id);

  constructor(
    readonly db: Db,
    readonly owner: string,
    readonly leaseMs: number,
    private readonly codec: Pick<RunnableCodec<StoredRow>, 'statusEvent'>,
  ) {}

  private alive(): void {
    if (this.killed) throw new EngineKilled('killed');
  }

  private fence(botId: string) {
    this.alive();
    return and(eq(bots.id, botId), eq(bots.leaseOwner, this.owner));
  }

  /** Takes up to `limit` running bots nobody holds (or whose holder stopped renewing). */
  claim(limit: number): Promise<string[]> {
    return claimLeases(this, limit);
  }

  /** Renews every lease this process holds, in chunks; returns the bots it still holds (see renewLeases). */
  heartbeat(chunk = 500, beforeChunk?: () => Promise<void>): Promise<Set<string>> {
    return renewLeases(this, chunk, beforeChunk);
  }

  release(ids: string[]): Promise<void> {
    return releaseLeases(this, ids);
  }

  async load(botId: string): Promise<StoredRow | undefined> {
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
  async recordIntents(row: RunningRow, core: Core, intents: readonly IntentInput[], change?: StatusChange): Promise<OrderRow[]> {
    if (core.statusColumn(row.status) !== row.status) return this.recordIntentsWithStatus(row, core, intents, change);
    this.alive();
    const orders = intents.map((intent, i) => intentRow(row.id, row.orderSeq + i, intent));
    // Nothing written: the lease (or, impossibly, the sequence) is no longer ours.
    if ((await writeIntents(this, row, core, orders)).length !== intents.length) throw new LeaseLost(row.id);
    row.orderSeq += intents.length;
    return orders;
  }

  /**
   * The intents of many bots decided on one tick, in one statement (a price change makes dozens
   * of bots of a pair order at once; one round trip instead of one each keeps the pool's queue,
   * and so the price-to-order latency, short). Each bot is fenced on its lease and its order
   * sequence, as recordIntents fences one; returns the bots whose state and intents were written.
   * The status of none of them changes (the caller sends those through recordIntents).
   */
  async recordIntentBatch(items: readonly { row: RunningRow; core: Core; orders: readonly OrderRow[] }[]): Promise<Set<string>> {
    this.alive();
    if (items.length === 0) return new Set();
    return writeIntentBatch(this, items);
  }

  private recordIntentsWithStatus(row: RunningRow, core: Core, intents: readonly IntentInput[], change?: StatusChange): Promise<OrderRow[]> {
    return this.db.transaction(async (tx) => {
      const [updated] = await tx.update(bots)
        .set({ orderSeq: sql`${bots.orderSeq} + ${intents.length}`, ...core.columns() })
        .where(this.fence(row.id)).returning({ orderSeq: bots.orderSeq });
      if (!updated) throw new LeaseLost(row.id);
      const first = updated.orderSeq - intents.length;
      const orders = await tx.insert(botOrders).values(intents.map((intent, i) => intentRow(row.id, first + i, intent))).returning();
      await this.statusChange(tx, row, core, change);
      row.orderSeq = updated.orderSeq;
      return orders;
    });
  }

  /**
   * Books a fill once: the order flips to 'filled' only from an unsettled status, in the same
   * transaction as the state that includes the fill. 'already' when another path booked it.
   * Without a status change it joins the turn's batched statement (order-writes.ts).
   */
  async recordFill(row: RunningRow, core: Core, order: OrderRow, fill: AppliedFill, change?: StatusChange): Promise<'applied' | 'already'> {
    if (core.statusColumn(row.status) !== row.status) return this.recordFillWithStatus(row, core, order, fill, change);
    this.alive();
    // The state is taken now, as the fill produced it; the bot waits for this write before it changes again.
    const outcome = await this.fills.add(fillRowOf(row, core, order, fill));
    if (outcome === 'lost') throw new LeaseLost(row.id);
    return outcome;
  }

  private recordFillBatch(rows: readonly FillRow[]): Promise<FillOutcome[]> {
    this.alive();
    return writeFillBatch(this, rows);
  }

  private recordFillWithStatus(row: RunningRow, core: Core, order: OrderRow, fill: AppliedFill, change?: StatusChange): Promise<'applied' | 'already'> {
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
        ...core.columns(),
        profitBooked: sql`${bots.profitBooked} + greatest(${sellPnl}::numeric, 0)`,
        lossBooked: sql`${bots.lossBooked} + least(${sellPnl}::numeric, 0)`,
      }).where(this.fence(row.id)).returning({ id: bots.id });
      if (!updated) throw new LeaseLost(row.id);
      await this.statusChange(tx, row, core, change);
      return 'applied';
    });
  }

  /**
   * The exchange refused the order (or never got it): the grid is back as it was. The order
   * flips to 'failed' only from an unsettled status; `tell` reaches the member in the same
   * transaction, and only with the flip, so an order two paths found failed is told once.
   * Returns whether the flip happened here.
   */
  async recordFailure(row: RunningRow, core: Core, order: OrderRow, error: string, change?: StatusChange, tell?: MemberEvent): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const flipped = await tx.update(botOrders).set({ status: 'failed', error: error.slice(0, 500) })
        .where(and(eq(botOrders.id, order.id), inArray(botOrders.status, ['intent', 'unknown']))).returning({ id: botOrders.id });
      const [updated] = await tx.update(bots).set(core.columns()).where(this.fence(row.id)).returning({ id: bots.id });
      if (!updated) throw new LeaseLost(row.id);
      await this.statusChange(tx, row, core, change);
      if (flipped.length > 0 && tell) await this.event(tx, row.userId, tell);
      return flipped.length > 0;
    });
  }

  async markUnknown(order: OrderRow, error: string): Promise<void> {
    this.alive();
    await this.db.update(botOrders).set({ status: 'unknown', error: error.slice(0, 500) })
      .where(and(eq(botOrders.id, order.id), eq(botOrders.status, 'intent')));
  }

  /** State (and status) without an order: a status change, an edit's effect, a stop. */
  async saveState(row: RunningRow, core: Core, change?: StatusChange): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [updated] = await tx.update(bots).set(core.columns()).where(this.fence(row.id)).returning({ id: bots.id });
      if (!updated) throw new LeaseLost(row.id);
      await this.statusChange(tx, row, core, change);
    });
  }

  /**
   * Tracker moves of many bots in one statement (a price change arms take profits or trails
   * highs and lows on hundreds of bots at once, without an order). Fenced like every write;
   * returns the ids this process still holds and so wrote.
   */
  async saveTrackers(items: readonly { id: string; core: Core }[]): Promise<Set<string>> {
    this.alive();
    if (items.length === 0) return new Set();
    const rows = items.map(({ id, core }) => {
      const columns = core.columns();
      return { id, state: columns.state, price: columns.lastPrice };
    });
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
  private async statusChange(tx: Tx, row: RunningRow, core: Core, change?: StatusChange): Promise<void> {
    const status = core.statusColumn(row.status);
    if (status === row.status) return;
    const reason = change?.reason ?? null;
    const set: Partial<StoredRow> = { status, stopReason: status === 'Live' ? null : reason, stopMessage: change?.message ?? null };
    if (status === 'Stopped') Object.assign(set, { stoppedAt: new Date(), leaseOwner: null, leaseExpiresAt: null });
    await tx.update(bots).set(set).where(this.fence(row.id));
    row.status = status;
    const event = this.codec.statusEvent(row, status, reason, new Date());
    if (event) await this.event(tx, row.userId, event);
  }

  async event(db: Db | Tx, userId: string, event: MemberEvent): Promise<void> {
    this.alive();
    await recordEvent(db as Db, userId, event);
  }

  /** Unapplied member commands, oldest first, with their bot's status and holder. */
  pendingCommands(limit = 500) {
    return pendingCommands(this.db, limit);
  }

  async completeCommand(id: string, result: CommandResult): Promise<void> {
    this.alive();
    await completeCommand(this.db, id, result);
  }
}
