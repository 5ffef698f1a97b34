/** The account service's ledger, its balances and the answers of idempotent requests. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './members';

/**
 * The account service's ledger (ARCHITECTURE section 4): every movement of a member's in-app
 * balances (USDT, IFC, the USDT rewards, the IFT and IFX deposits) is one row here, appended in
 * the transaction of the business change that caused it and never updated or deleted (triggers
 * of the migrations refuse UPDATE, DELETE and TRUNCATE; corrections are new postings). An
 * operation's rows share its idempotency key (one row per leg), so a replay changes nothing.
 * `balance_after` is the account's balance once the leg applied: a member's history reads
 * without summing.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // RESTRICT, not CASCADE: a member with money history is never deleted along with it.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 38, scale: 18 }).notNull(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    leg: integer('leg').notNull(),
    /** Support staff's reason for a manual credit or debit; what an operation refers to. */
    reason: text('reason'),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_idx').on(t.idempotencyKey, t.leg),
    index('ledger_entries_user_asset_idx').on(t.userId, t.asset, t.id),
    check('ledger_entries_asset', sql`${t.asset} IN ('USDT', 'IFC', 'USDT_REWARD', 'IFT', 'IFX')`),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_balance_after', sql`${t.balanceAfter} >= 0`),
  ],
);

/** The running balance of each member account of the ledger; only ledger postings change it. */
export const memberBalances = pgTable(
  'member_balances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    asset: text('asset').notNull(),
    balance: numeric('balance', { precision: 38, scale: 18 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.asset] }),
    check('member_balances_asset', sql`${t.asset} IN ('USDT', 'IFC', 'USDT_REWARD', 'IFT', 'IFX')`),
    // The last guard against an overdraft: a posting that would go below zero fails whole.
    check('member_balances_not_negative', sql`${t.balance} >= 0`),
  ],
);

/**
 * The first answer of an account-service request sent with an Idempotency-Key (subscription
 * purchase, withdrawal, reward swap), written in the transaction of the operation itself: the
 * same member sending the same key again gets `answer` back and nothing runs twice. `request`
 * is the normalised body, so the key reused for another request is refused. A refused request
 * leaves no row (it changed nothing), so its key may be sent again. Keys are the member's own:
 * the primary key scopes them per member.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    operation: text('operation').notNull(),
    request: text('request').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.idempotencyKey] }),
    check('idempotent_requests_operation', sql`${t.operation} IN ('subscription', 'withdrawal', 'reward_swap')`),
  ],
);
