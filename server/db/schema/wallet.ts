/** Exchange wallet operations (transfers and swaps). */
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './members';

/**
 * Wallet operations (transfers, swaps), recorded before the exchange is called so a late or
 * repeated answer is resolved against the record, never applied twice. A swap's clientOrderId
 * is derived from the row id, so the order can always be found again.
 *
 * The 'pending' row is also the member's lock across API processes: at most one pending row per
 * member (a partial unique index), inserted before the balance check and settled after the
 * exchange answers, so two processes cannot both pass the balance check on the same balance.
 * No transaction or connection is held across the exchange call. 'unknown' = the exchange did
 * not confirm; the reconciler settles it (server/modules/wallet/reconcile.ts).
 */
export const walletOperations = pgTable(
  'wallet_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    fromWallet: text('from_wallet'),
    toWallet: text('to_wallet'),
    clientOrderId: text('client_order_id'),
    status: text('status').notNull(),
    exchangeRef: text('exchange_ref'),
    error: text('error'),
    /** Why a failed operation failed (common/reasons.ts), so a retry of it is refused alike. */
    errorReason: text('error_reason'),
    createdAt: createdAt(),
    /** When the status last changed: bounds the transfer-history window of an 'unknown' transfer. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_operations_idempotency_idx').on(t.idempotencyKey),
    // The cross-process lock: one in-flight operation per member.
    uniqueIndex('wallet_operations_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    // A transfer found in the exchange's history (no client id there) is claimed by one operation only.
    uniqueIndex('wallet_operations_transfer_ref_idx')
      .on(t.userId, t.exchangeRef)
      .where(sql`${t.kind} = 'transfer' AND ${t.exchangeRef} IS NOT NULL`),
    // What the reconciler scans: the few rows not settled yet.
    index('wallet_operations_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('pending', 'unknown')`),
    check('wallet_operations_kind', sql`${t.kind} IN ('transfer', 'swap')`),
    check('wallet_operations_status', sql`${t.status} IN ('pending', 'done', 'failed', 'unknown')`),
    index('wallet_operations_user_idx').on(t.userId),
  ],
);
