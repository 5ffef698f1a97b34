/**
 * The engine's database writes for the runnables it runs, in the runnable's tables (its codec's
 * table set, tables.ts). Every write to a runnable is fenced on the lease (`lease_owner = me`), so
 * an engine that lost one to another process changes nothing of it;
 * and every change that matters happens in one transaction with the state it implies: an intent
 * with the state that sent it, a fill with the state it produced (the order's status flip is the
 * apply-once guard), a status change with the member's event. The statements themselves live
 * by concern: leases.ts, order-writes.ts, command-queue.ts; the state columns come from the
 * runnable's core (Runnable.columns), its member events from its codec.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { MemberEvent } from '../../common/api/bots';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import type { CommandResult } from '../runnables/command-results';
import { recordEvent } from '../runnables/member-events';
import { completeCommand, pendingCommands } from './command-queue';
import { EngineKilled } from './faults';
import { announceReleased, claimLeases, releaseLeases, renewLeases } from './leases';
import { intentRow, LeaseLost, type AppliedFill, type IntentInput, type OrderRow, type StatusChange } from './order-records';
import {
  fillRowOf,
  insertOrders,
  orderRecords,
  writeFillBatch,
  writeIntentBatch,
  writeIntents,
  type FillOutcome,
  type FillRow,
} from './order-writes';
import { ended, type KernelRow, type Runnable, type RunnableCodec, type RunningRow, type StateColumns } from './runnable';
import { figureSet, tableNames, unsettledStatuses, type TableNames } from './tables';
import { TurnBatch } from './turn-batch';

export { intentRow, LeaseLost, type AppliedFill, type IntentInput, type OrderRow, type StatusChange } from './order-records';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Core = Runnable;

/** The state columns' assignments of a write (StateColumns, as every state write sets them). */
function stateSet(t: TableNames, c: StateColumns) {
  return sql`state = ${JSON.stringify(c.state)}::jsonb, realized_pnl = ${c.realizedPnl}, held_qty = ${c.heldQty}, held_cost = ${c.heldCost},
    grid_no = ${c.gridNo}, trades = ${c.trades}, last_price = ${c.lastPrice}${figureSet(t, c.extra)}`;
}

/** An order as the kernel reads it back (numbers as exact strings). */
const ORDER_COLUMNS = (
  t: TableNames,
) => sql`id, ${t.runnableId} AS "runnableId", seq, client_order_id AS "clientOrderId", kind, side,
  ${t.slot} AS slot, quantity::text AS quantity, decision_price::text AS "decisionPrice", ${t.orderType ?? sql`'market'`} AS type, status,
  created_at AS "createdAt"`;

export class RunnableStore {
  /** Set by Engine.kill(): from then on nothing reaches the database, as after a kill -9. */
  killed = false;
  /** The runnable's tables (its codec's), as the statements name them. */
  readonly tables: TableNames;

  /** Fills that settle in one turn of the event loop go out as one statement. */
  private readonly fills = new TurnBatch<FillRow, FillOutcome>(
    (rows) => this.recordFillBatch(rows),
    (row) => row.runnable_id,
  );

  constructor(
    readonly db: Db,
    readonly owner: string,
    readonly leaseMs: number,
    private readonly codec: Pick<RunnableCodec, 'statusEvent' | 'tables'>,
  ) {
    this.tables = tableNames(codec.tables);
  }

  private alive(): void {
    if (this.killed) throw new EngineKilled('killed');
  }

  /** The runnable's row, if this process holds its lease (every write is fenced on it). */
  private fence(id: string) {
    this.alive();
    return sql`id = ${id} AND lease_owner = ${this.owner}`;
  }

  /** Takes up to `limit` running runnables nobody holds (or whose holder stopped renewing). */
  claim(limit: number): Promise<string[]> {
    return claimLeases(this, limit);
  }

  /** Renews every lease this process holds, in chunks; returns the runnables it still holds (see renewLeases). */
  heartbeat(chunk = 500, beforeChunk?: () => Promise<void>): Promise<Set<string>> {
    return renewLeases(this, chunk, beforeChunk);
  }

  release(ids: string[]): Promise<void> {
    return releaseLeases(this, ids);
  }

  /** Other engines claim what this one gave up on stopping, at once (leases.ts). */
  announceReleased(): Promise<void> {
    return announceReleased(this, getTableName(this.codec.tables.runnables));
  }

  /** The runnable's whole row, as its codec decodes it (the kernel reads its own columns of it). */
  async load(id: string): Promise<KernelRow | undefined> {
    const [row] = await this.db
      .select()
      .from(this.codec.tables.runnables)
      .where(sql`id = ${id}`);
    return row as KernelRow | undefined;
  }

  /** Orders whose outcome is not known yet, oldest first. */
  async unsettledOrders(id: string): Promise<OrderRow[]> {
    const t = this.tables;
    const result = await this.db.execute(sql`
      SELECT ${ORDER_COLUMNS(t)} FROM ${t.orders} WHERE ${t.runnableId} = ${id} AND status IN ${unsettledStatuses(t)} ORDER BY seq`);
    return rowsOf<OrderRow & { createdAt: Date | string }>(result).map((o) => ({ ...o, createdAt: new Date(o.createdAt) }));
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

  private recordIntentsWithStatus(
    row: RunningRow,
    core: Core,
    intents: readonly IntentInput[],
    change?: StatusChange,
  ): Promise<OrderRow[]> {
    const t = this.tables;
    return this.db.transaction(async (tx) => {
      const [updated] = rowsOf<{ orderSeq: number }>(
        await tx.execute(sql`
        UPDATE ${t.runnables} SET order_seq = order_seq + ${intents.length}, ${stateSet(t, core.columns())}
        WHERE ${this.fence(row.id)} RETURNING order_seq AS "orderSeq"`),
      );
      if (!updated) throw new LeaseLost(row.id);
      const first = updated.orderSeq - intents.length;
      const orders = intents.map((intent, i) => intentRow(row.id, first + i, intent));
      await tx.execute(sql`${insertOrders(t)} FROM ${orderRecords(orders)}`);
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
  async recordFill(
    row: RunningRow,
    core: Core,
    order: OrderRow,
    fill: AppliedFill,
    change?: StatusChange,
  ): Promise<'applied' | 'already'> {
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

  private recordFillWithStatus(
    row: RunningRow,
    core: Core,
    order: OrderRow,
    fill: AppliedFill,
    change?: StatusChange,
  ): Promise<'applied' | 'already'> {
    const t = this.tables;
    return this.db.transaction(async (tx) => {
      const flipped = rowsOf(
        await tx.execute(sql`
        UPDATE ${t.orders} SET status = 'filled', exchange_order_id = ${fill.exchangeOrderId}, fill_price = ${fill.price}, filled_qty = ${fill.quantity},
          cost = ${fill.cost}, fee = ${fill.fee}, pnl = ${fill.pnl}, filled_at = now(), error = NULL
        WHERE id = ${order.id} AND status IN ${unsettledStatuses(t)} RETURNING id`),
      );
      if (flipped.length === 0) return 'already';
      if (fill.trades.length > 0) {
        await tx.execute(sql`
          INSERT INTO ${t.fills} (order_id, market, symbol, trade_id, price, quantity, fee, fee_asset)
          VALUES ${sql.join(
            fill.trades.map(
              (tr) =>
                sql`(${order.id}, ${fill.market}, ${tr.symbol}, ${tr.id}, ${tr.price}, ${tr.quantity}, ${tr.fee}, ${tr.feeAsset})`,
            ),
            sql`, `,
          )}
          ON CONFLICT DO NOTHING`);
      }
      const sellPnl = order.side === 'sell' ? fill.pnl : '0';
      const [updated] = rowsOf(
        await tx.execute(sql`
        UPDATE ${t.runnables} SET ${stateSet(t, core.columns())},
          profit_booked = profit_booked + greatest(${sellPnl}::numeric, 0), loss_booked = loss_booked + least(${sellPnl}::numeric, 0)
        WHERE ${this.fence(row.id)} RETURNING id`),
      );
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
  async recordFailure(
    row: RunningRow,
    core: Core,
    order: OrderRow,
    error: string,
    change?: StatusChange,
    tell?: MemberEvent,
  ): Promise<boolean> {
    const t = this.tables;
    return this.db.transaction(async (tx) => {
      const flipped = rowsOf(
        await tx.execute(sql`
        UPDATE ${t.orders} SET status = 'failed', error = ${error.slice(0, 500)} WHERE id = ${order.id} AND status IN ${unsettledStatuses(t)} RETURNING id`),
      );
      await this.writeState(tx, row, core);
      await this.statusChange(tx, row, core, change);
      if (flipped.length > 0 && tell) await this.event(tx, row.userId, tell);
      return flipped.length > 0;
    });
  }

  /**
   * Records the cancels a decision sends (the runnable's resting orders of `slots` flip to
   * 'cancel'), with the state that decided them, before any is sent; returns those orders.
   */
  async recordCancels(row: RunningRow, core: Core, slots: readonly number[], change?: StatusChange): Promise<OrderRow[]> {
    const t = this.tables;
    if (t.orderType === null) throw new Error('its orders never rest: there is nothing to cancel');
    return this.db.transaction(async (tx) => {
      await this.writeState(tx, row, core);
      const result = await tx.execute(sql`
        UPDATE ${t.orders} SET status = 'cancel' WHERE ${t.runnableId} = ${row.id} AND ${t.slot} IN (${sql.join(
          slots.map((s) => sql`${s}`),
          sql`, `,
        )})
          AND status IN ('open', 'unknown')
        RETURNING ${ORDER_COLUMNS(t)}`);
      await this.statusChange(tx, row, core, change);
      return rowsOf<OrderRow & { createdAt: Date | string }>(result).map((o) => ({ ...o, createdAt: new Date(o.createdAt) }));
    });
  }

  /** The exchange rests the limit order: it stays open, booked once it fills or ends (runner-orders.ts). */
  async markOpen(order: OrderRow, exchangeOrderId: string): Promise<void> {
    this.alive();
    await this.db.execute(sql`
      UPDATE ${this.tables.orders} SET status = 'open', exchange_order_id = ${exchangeOrderId}, error = NULL WHERE id = ${order.id} AND status IN ('intent', 'unknown')`);
  }

  /**
   * The runnables with orders whose outcome is not booked yet (the periodic reconcile's). An
   * order resting on the exchange ('open') is no such order: its end comes from the member's
   * stream, and is looked up whenever the stream comes up again and on every take-on, so the
   * periodic pass spends no REST weight on it (a cycle rests one order all its life).
   */
  async runnablesWithUnsettledOrders(): Promise<string[]> {
    const t = this.tables;
    const result = await this.db.execute(
      sql`SELECT DISTINCT ${t.runnableId} AS id FROM ${t.orders} WHERE status IN ${unsettledStatuses(t)} AND status <> 'open'`,
    );
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }

  async markUnknown(order: OrderRow, error: string): Promise<void> {
    this.alive();
    await this.db.execute(
      sql`UPDATE ${this.tables.orders} SET status = 'unknown', error = ${error.slice(0, 500)} WHERE id = ${order.id} AND status = 'intent'`,
    );
  }

  /** State (and status) without an order: a status change, an edit's effect, a stop. */
  async saveState(row: RunningRow, core: Core, change?: StatusChange): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.writeState(tx, row, core);
      await this.statusChange(tx, row, core, change);
    });
  }

  /** The core's state columns, fenced on the lease. */
  private async writeState(tx: Tx, row: RunningRow, core: Core): Promise<void> {
    const [updated] = rowsOf(
      await tx.execute(
        sql`UPDATE ${this.tables.runnables} SET ${stateSet(this.tables, core.columns())} WHERE ${this.fence(row.id)} RETURNING id`,
      ),
    );
    if (!updated) throw new LeaseLost(row.id);
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
    const r = this.tables.runnables;
    const result = await this.db.execute(sql`
      WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, state jsonb, price text)),
      l AS (SELECT ${r}.id FROM ${r} JOIN v ON v.id = ${r}.id WHERE ${r}.lease_owner = ${this.owner} ORDER BY ${r}.id FOR UPDATE OF ${r})
      UPDATE ${r} SET state = v.state, last_price = v.price::numeric
      FROM v WHERE ${r}.id = v.id AND ${r}.id IN (SELECT id FROM l)
      RETURNING ${r}.id`);
    return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
  }

  /**
   * Writes the status column when it changed, with the reason, and tells the member. `row` is
   * the runner's copy and is kept in step. A runnable that ended (stopped, completed) also gives up its lease.
   */
  private async statusChange(tx: Tx, row: RunningRow, core: Core, change?: StatusChange): Promise<void> {
    const status = core.statusColumn(row.status);
    if (status === row.status) return;
    const reason = change?.reason ?? null;
    const stopped = ended(status) ? sql`, stopped_at = now(), lease_owner = NULL, lease_expires_at = NULL` : sql``;
    await tx.execute(sql`
      UPDATE ${this.tables.runnables} SET status = ${status}, stop_reason = ${status === 'Live' ? null : reason}, stop_message = ${change?.message ?? null}${stopped}
      WHERE ${this.fence(row.id)}`);
    row.status = status;
    const event = this.codec.statusEvent(row, status, reason, new Date(), core.columns());
    if (event) await this.event(tx, row.userId, event);
  }

  async event(db: Db | Tx, userId: string, event: MemberEvent): Promise<void> {
    this.alive();
    await recordEvent(db as Db, userId, event);
  }

  /** Unapplied member commands, oldest first, with their bot's status and holder. */
  pendingCommands(limit = 500) {
    return pendingCommands(this.db, this.tables, limit);
  }

  async completeCommand(id: string, result: CommandResult): Promise<void> {
    this.alive();
    await completeCommand(this.db, this.tables, id, result);
  }
}
