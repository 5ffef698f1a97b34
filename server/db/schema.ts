/**
 * The one Drizzle schema (ARCHITECTURE section 4). `npm run db:generate` turns changes into SQL
 * migrations under ./migrations, applied at boot on PGlite and PostgreSQL alike, so nothing here
 * may rely on features beyond PostgreSQL 15.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull().unique('users_email_unique'),
    contactNo: text('contact_no').notNull(),
    passwordHash: text('password_hash').notNull(),
    referralCode: text('referral_code').notNull().unique('users_referral_code_unique'),
    sponsorId: uuid('sponsor_id').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // Emails are compared lower-cased everywhere; the constraint keeps a stray insert honest.
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_referral_code_format', sql`${t.referralCode} ~ '^[A-Z0-9]{6}$'`),
    index('users_sponsor_idx').on(t.sponsorId),
  ],
);

/** A registration waiting for its OTP; one per email, replaced by a new signup. */
export const pendingSignups = pgTable('pending_signups', {
  email: text('email').primaryKey(),
  username: text('username').notNull(),
  contactNo: text('contact_no').notNull(),
  passwordHash: text('password_hash').notNull(),
  sponsorId: uuid('sponsor_id').references(() => users.id, { onDelete: 'set null' }),
  otpHash: text('otp_hash').notNull(),
  otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }).notNull(),
  otpAttempts: integer('otp_attempts').notNull().default(0),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/** One row per issued token (id = JWT jti), so logout can revoke server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Append-only: each grant or purchase adds a row; the latest expire_date is the expiry. */
export const memberSubscriptions = pgTable(
  'member_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expireDate: timestamp('expire_date', { withTimezone: true }).notNull(),
    days: integer('days').notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_subscriptions_user_expiry_idx').on(t.userId, t.expireDate),
    check('member_subscriptions_days_positive', sql`${t.days} > 0`),
  ],
);

export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Grid strategies. A member's own (user_id set; names unique per member) or a system strategy
 * (user_id null; names unique among system strategies), which every member may select and no
 * one may edit or delete. `kind` separates Advanced Multigrid from Scalping Grid lists.
 */
export const strategies = pgTable(
  'strategies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('advanced'),
    gridCount: integer('grid_count').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('strategies_user_name_unique').on(t.userId, t.name),
    // NULLs are distinct in a unique index, so system names need their own (PostgreSQL 15 has
    // NULLS NOT DISTINCT, but PGlite and drizzle-kit handle a partial index more plainly).
    uniqueIndex('strategies_system_name_unique').on(t.name).where(sql`${t.userId} IS NULL`),
    check('strategies_kind', sql`${t.kind} IN ('advanced', 'scalping')`),
    check('strategies_grid_count', sql`${t.gridCount} BETWEEN 1 AND 50`),
  ],
);

/**
 * One row per grid level: typed numeric columns with their own checks rather than a jsonb
 * blob, so the database itself refuses a negative or missing percentage, and an edit rewrites
 * only numbers. Grid 1 buys at market, so its buy percentages are null.
 */
export const strategyGrids = pgTable(
  'strategy_grids',
  {
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    gridNo: integer('grid_no').notNull(),
    allottedPercent: numeric('allotted_percent').notNull(),
    buyPercent: numeric('buy_percent'),
    buyUpPercent: numeric('buy_up_percent'),
    takeProfitPercent: numeric('take_profit_percent').notNull(),
    takeProfitDownPercent: numeric('take_profit_down_percent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.strategyId, t.gridNo] }),
    check('strategy_grids_grid_no', sql`${t.gridNo} BETWEEN 1 AND 50`),
    check(
      'strategy_grids_market_first',
      sql`(${t.gridNo} = 1) = (${t.buyPercent} IS NULL AND ${t.buyUpPercent} IS NULL)`,
    ),
    check(
      'strategy_grids_non_negative',
      sql`${t.allottedPercent} >= 0 AND ${t.buyPercent} > 0 AND ${t.buyUpPercent} >= 0 AND ${t.takeProfitPercent} > 0 AND ${t.takeProfitDownPercent} >= 0`,
    ),
  ],
);

/**
 * Bots, as far as strategies need them: a strategy is 'active' while a Live or Pause bot uses
 * it, and cannot be deleted then. The engine (a later step) adds its own columns. A stopped
 * bot keeps its row after its strategy is deleted (strategy_id becomes null).
 */
export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strategyId: uuid('strategy_id').references(() => strategies.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('bots_status', sql`${t.status} IN ('Live', 'Pause', 'Stopped')`),
    index('bots_user_idx').on(t.userId),
    index('bots_strategy_idx').on(t.strategyId),
  ],
);

/**
 * A member's bound exchange key (one per member). The secret is AES-256-GCM ciphertext under
 * SECRETS_KEY with the member id as associated data (server/modules/keys/crypto.ts); key_version
 * names the master key it was sealed with, for rotation.
 */
export const exchangeKeys = pgTable('exchange_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  apiKey: text('api_key').notNull(),
  secretCiphertext: text('secret_ciphertext').notNull(),
  keyVersion: integer('key_version').notNull(),
  ipRestricted: text('ip_restricted').notNull(),
  createdAt: createdAt(),
});

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
    createdAt: createdAt(),
    /** When the status last changed: bounds the transfer-history window of an 'unknown' transfer. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_operations_idempotency_idx').on(t.idempotencyKey),
    // The cross-process lock: one in-flight operation per member.
    uniqueIndex('wallet_operations_one_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
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
