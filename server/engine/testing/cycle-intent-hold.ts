/**
 * Holds a cycle's next order intent back in the database, for the kill -9 test: an uncommitted
 * row takes the order sequence number the next intent will be written under, so the engine's
 * insert of it waits on this transaction (cycle_orders_cycle_seq_idx). The test SIGKILLs the
 * engine while it waits: the fill before it booked, the next order decided in memory only. The
 * waiting statement is then ended, as it would have been had the engine died before sending it
 * (PostgreSQL does not notice a dead client while a statement waits on a lock: that statement
 * would go on, and commit, once the hold rolls back), and the hold rolls back: nobody saw its row.
 * PostgreSQL only, as a superuser (session_replication_role, pg_blocking_pids, pg_terminate_backend).
 */
import pg from 'pg';

export interface IntentHold {
  /** Resolves true once a statement waits on the hold (the engine writing the intent), false after `timeoutMs`. */
  waitedOn(timeoutMs: number): Promise<boolean>;
  /** Ends whatever waits on the hold and rolls its row back. */
  release(): Promise<void>;
}

export async function holdNextIntent(databaseUrl: string, cycleId: string): Promise<IntentHold> {
  const hold = new pg.Client({ connectionString: databaseUrl });
  // Asks who waits on the hold from outside its transaction (a transaction sees pg_stat_activity as it was at its start).
  const watch = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([hold.connect(), watch.connect()]);
  await hold.query('BEGIN');
  // Without the foreign key's check: it would lock the cycle's row FOR KEY SHARE, which holds back
  // the fill's statement too (it locks the row FOR UPDATE), not the intent only.
  await hold.query('SET LOCAL session_replication_role = replica');
  const {
    rows: [self],
  } = await hold.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const held = await hold.query(
    `
    INSERT INTO cycle_orders (cycle_id, seq, client_order_id, kind, side, slot, quantity, decision_price, order_type, status)
    SELECT id, order_seq, 'intent-hold-' || id, 'buy', 'buy', 0, 0, 0, 'limit', 'failed' FROM cycles WHERE id = $1`,
    [cycleId],
  );
  if (held.rowCount !== 1) throw new Error(`no cycle ${cycleId} to hold an intent of`);
  const waiting = `FROM pg_stat_activity WHERE ${Number(self!.pid)} = ANY(pg_blocking_pids(pid))`;
  let released = false;
  return {
    async waitedOn(timeoutMs) {
      const end = Date.now() + timeoutMs;
      while (!released && Date.now() < end) {
        if (((await watch.query(`SELECT pid ${waiting}`)).rowCount ?? 0) > 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return false;
    },
    async release() {
      released = true;
      try {
        // Waits (up to 5 s) for each to be gone, so none goes on once the hold rolls back.
        await watch.query(`SELECT pg_terminate_backend(pid, 5000) ${waiting}`);
        await hold.query('ROLLBACK');
      } finally {
        await Promise.all([hold.end(), watch.end()]);
      }
    },
  };
}
