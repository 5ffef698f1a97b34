/**
 * The one Drizzle schema (ARCHITECTURE section 4). `npm run db:generate` turns changes into SQL
 * migrations under ./migrations, applied at boot on PGlite and PostgreSQL alike, so nothing here
 * may rely on features beyond PostgreSQL 15.
 */
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { BotStatus } from '../../common/api/bots';

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

/**
 * A registration waiting for its OTP; one per email. It is kept, data and OTP, while its OTP is
 * valid: a signup for the same email from anyone else is refused until then (issue 10, item 1).
 */
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

/**
 * Fixed-window request counters of the guessable calls (rate-limits.ts), in the database so
 * every API process shares one budget. A row is a window: `hits` so far, until `expires_at`.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

/**
 * Consecutive failed logins per e-mail (known or not), across every client address: past the
 * free attempts each one locks the account's login until `locked_until` (login-throttle.ts).
 * A successful login deletes the row.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_last_attempt_idx').on(t.lastAttemptAt)],
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

/** What members can buy: a number of days for a USDT price (the IFC price follows ifcNewTokenPrice). */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usdtPrice: numeric('usdt_price', { precision: 38, scale: 18 }).notNull(),
    days: integer('days').notNull(),
    /** A retired plan is no longer offered; purchases made with it keep pointing at it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('subscription_plans_price_positive', sql`${t.usdtPrice} > 0`),
    check('subscription_plans_days_positive', sql`${t.days} > 0`),
  ],
);

/**
 * Append-only: each grant or purchase adds a row; the latest expire_date is the expiry. A
 * purchase names its plan and what it was paid with (the ledger holds the movement itself).
 */
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
    planId: uuid('plan_id').references(() => subscriptionPlans.id),
    paidUsdt: numeric('paid_usdt', { precision: 38, scale: 18 }).notNull().default('0'),
    paidIfc: numeric('paid_ifc', { precision: 38, scale: 18 }).notNull().default('0'),
    /** The plan's price in USDT, what level rewards are a share of; 0 for a grant. */
    usdtValue: numeric('usdt_value', { precision: 38, scale: 18 }).notNull().default('0'),
    /** The paying account's balance left after the purchase. */
    availableCredit: numeric('available_credit', { precision: 38, scale: 18 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_subscriptions_user_expiry_idx').on(t.userId, t.expireDate),
    index('member_subscriptions_user_created_idx').on(t.userId, t.createdAt),
    check('member_subscriptions_days_positive', sql`${t.days} > 0`),
  ],
);

/** A sponsor's share of a team member's purchase: one per purchase and level, credited once. */
export const levelRewards = pgTable(
  'level_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => memberSubscriptions.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    percentage: numeric('percentage', { precision: 6, scale: 3 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('level_rewards_once_idx').on(t.subscriptionId, t.level),
    index('level_rewards_user_idx').on(t.userId, t.createdAt),
    check('level_rewards_level_positive', sql`${t.level} > 0`),
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
 * Bots. A strategy is 'active' while a Live or Pause bot uses it, and cannot be deleted then. A
 * stopped bot keeps its row after its strategy is deleted (strategy_id becomes null): the bot
 * runs from its own copy of the grids (`strategy_snapshot`), so an edit never changes a running
 * bot.
 *
 * Who writes what: the API writes the member's settings (the price and percent columns) and
 * queues a bot_commands row in the same transaction; the engine that holds the lease owns
 * `status`, `state` and the figures, and every engine write is fenced on `lease_owner`, so an
 * engine that lost its lease can change nothing.
 */
export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strategyId: uuid('strategy_id').references(() => strategies.id, { onDelete: 'set null' }),
    status: text('status').$type<BotStatus>().notNull(),
    createdAt: createdAt(),
    /** As the member picked it: a strategy name or 'System Strategy'. */
    strategyName: text('strategy_name').notNull().default(''),
    /** The grids the bot runs: [{gridNo, alloc, buyDown, buyUp, tpUp, tpDown}] as decimal strings. */
    strategySnapshot: jsonb('strategy_snapshot'),
    symbol: text('symbol').notNull().default(''),
    category: text('category').notNull().default('Spot'),
    botType: text('bot_type').notNull().default('Advanced Multigrid'),
    leverage: integer('leverage'),
    investment: numeric('investment', { precision: 38, scale: 18 }).notNull().default('0'),
    profitBook: numeric('profit_book', { precision: 38, scale: 18 }),
    pausePrice: numeric('pause_price', { precision: 38, scale: 18 }),
    restartPrice: numeric('restart_price', { precision: 38, scale: 18 }),
    stoplossPrice: numeric('stoploss_price', { precision: 38, scale: 18 }),
    overbuyProtection: integer('overbuy_protection'),
    /** The pair's exchange rules when the bot started: {stepSize, tickSize, minNotional, feeRate}. */
    marketRules: jsonb('market_rules'),
    /** The grid core's state (server/trading/snapshot.ts), written with every order and fill. */
    state: jsonb('state'),
    /** Next order sequence: clientOrderIds are derived from (bot id, seq), so a retry finds its order. */
    orderSeq: integer('order_seq').notNull().default(0),
    stopReason: text('stop_reason'),
    stopMessage: text('stop_message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** Figures kept beside the state for the dashboard's queries (no JSON parsing per poll). */
    realizedPnl: numeric('realized_pnl', { precision: 38, scale: 18 }).notNull().default('0'),
    profitBooked: numeric('profit_booked', { precision: 38, scale: 18 }).notNull().default('0'),
    lossBooked: numeric('loss_booked', { precision: 38, scale: 18 }).notNull().default('0'),
    heldQty: numeric('held_qty', { precision: 38, scale: 18 }).notNull().default('0'),
    heldCost: numeric('held_cost', { precision: 38, scale: 18 }).notNull().default('0'),
    gridNo: integer('grid_no').notNull().default(0),
    totalGrid: integer('total_grid').notNull().default(0),
    trades: integer('trades').notNull().default(0),
    lastPrice: numeric('last_price', { precision: 38, scale: 18 }),
    /** The engine process holding the bot, until lease_expires_at (heartbeat renews it). */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [
    check('bots_status', sql`${t.status} IN ('Live', 'Pause', 'Stopped')`),
    check('bots_category', sql`${t.category} IN ('Spot', 'Future')`),
    index('bots_user_idx').on(t.userId),
    index('bots_strategy_idx').on(t.strategyId),
    // The running bots by holder, in id order: what an engine renews (its own, in id-ordered
    // chunks) and claims (nobody's, or a dead holder's). Not by lease expiry: a column in an index
    // makes every update of it a non-HOT one, and the heartbeat rewrites each running bot's
    // expiry every few seconds (migration 0006 also leaves room on each page for HOT updates).
    index('bots_running_idx').on(t.leaseOwner, t.id).where(sql`${t.status} IN ('Live', 'Pause')`),
  ],
);

/**
 * Order intents: written (status 'intent') before the order is sent, with the deterministic
 * client_order_id, so a crash at any instant leaves a record the reconciler resolves by that id.
 * 'filled' is set once, in the same transaction that persists the bot's state with the fill
 * applied: the status change is the apply-once guard.
 */
export const botOrders = pgTable(
  'bot_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    clientOrderId: text('client_order_id').notNull(),
    /**
     * 'buy' | 'sell' | 'sellAll', or 'liquidation': the exchange closing a futures position, never
     * sent by us; it settles once the exchange shows the position gone.
     */
    kind: text('kind').notNull(),
    side: text('side').notNull(),
    /** 0 for a sell-all. */
    grid: integer('grid').notNull(),
    quantity: numeric('quantity', { precision: 38, scale: 18 }).notNull(),
    /** The price the decision was taken at. */
    decisionPrice: numeric('decision_price', { precision: 38, scale: 18 }).notNull(),
    status: text('status').notNull(),
    exchangeOrderId: text('exchange_order_id'),
    fillPrice: numeric('fill_price', { precision: 38, scale: 18 }),
    filledQty: numeric('filled_qty', { precision: 38, scale: 18 }),
    /** Quote amount (cummulativeQuoteQty). */
    cost: numeric('cost', { precision: 38, scale: 18 }),
    fee: numeric('fee', { precision: 38, scale: 18 }),
    pnl: numeric('pnl', { precision: 38, scale: 18 }),
    error: text('error'),
    createdAt: createdAt(),
    filledAt: timestamp('filled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bot_orders_client_order_id_idx').on(t.clientOrderId),
    uniqueIndex('bot_orders_bot_seq_idx').on(t.botId, t.seq),
    index('bot_orders_bot_filled_idx').on(t.botId, t.filledAt),
    index('bot_orders_unsettled_idx').on(t.botId).where(sql`${t.status} IN ('intent', 'unknown')`),
    check('bot_orders_status', sql`${t.status} IN ('intent', 'unknown', 'filled', 'failed')`),
    check('bot_orders_kind', sql`${t.kind} IN ('buy', 'sell', 'sellAll', 'liquidation')`),
  ],
);

/** Exchange trades behind our fills: one row per exchange trade, never two (spot and USD-M number theirs apart). */
export const botFills = pgTable(
  'bot_fills',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => botOrders.id, { onDelete: 'cascade' }),
    /** 'spot' or 'futures' (USD-M). */
    market: text('market').notNull().default('spot'),
    symbol: text('symbol').notNull(),
    tradeId: text('trade_id').notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    quantity: numeric('quantity', { precision: 38, scale: 18 }).notNull(),
    fee: numeric('fee', { precision: 38, scale: 18 }).notNull(),
    feeAsset: text('fee_asset').notNull(),
  },
  (t) => [primaryKey({ columns: [t.market, t.symbol, t.tradeId] }), index('bot_fills_order_idx').on(t.orderId)],
);

/**
 * Member commands for the engine that owns the bot: 'stop', 'stopAndSell', 'settings' (re-read
 * the price and percent columns). Engines poll the unapplied ones; applied_at marks them done.
 */
export const botCommands = pgTable(
  'bot_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    result: text('result'),
  },
  (t) => [
    index('bot_commands_pending_idx').on(t.createdAt).where(sql`${t.appliedAt} IS NULL`),
    check('bot_commands_kind', sql`${t.kind} IN ('stop', 'stopAndSell', 'settings')`),
  ],
);

/** The member's event stream (GET /api/events): append-only, read by id. */
export const memberEvents = pgTable(
  'member_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('member_events_user_idx').on(t.userId, t.id)],
);

/** Members who agreed to the dashboard disclaimer. */
export const disclaimerAgreements = pgTable('disclaimer_agreements', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  agreedAt: createdAt(),
});

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
 * Each member's BEP-20 deposit address: account `hd_index` of DEPOSIT_MNEMONIC's BIP-44 path
 * (m/44'/60'/0'/0/<hd_index>). The index is drawn once, from a sequence, so an address is never
 * reused by another member and can always be derived again from the mnemonic.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    hdIndex: bigserial('hd_index', { mode: 'number' }).notNull(),
    /** Lower-case 0x address, as Transfer logs carry it. */
    address: text('address').notNull(),
    /** Until when the member's 'make payment' window listens (POST /wallet/usdt/deposit/listen). */
    listenUntil: timestamp('listen_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('deposit_addresses_hd_index_idx').on(t.hdIndex), uniqueIndex('deposit_addresses_address_idx').on(t.address)],
);

/**
 * A credited BEP-20 transfer to a member's deposit address: one row per (tx hash, log index),
 * inserted in the transaction of its ledger credit, so a transfer is credited once whatever
 * the scanner re-reads after a restart or a reorganisation.
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: numeric('block_number', { precision: 20, scale: 0 }).notNull(),
    blockHash: text('block_hash').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chain_deposits_tx_log_idx').on(t.txHash, t.logIndex),
    index('chain_deposits_user_idx').on(t.userId, t.createdAt),
    check('chain_deposits_token', sql`${t.token} IN ('USDT', 'IFT', 'IFX')`),
    check('chain_deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * How far a chain scanner has read: every block up to `block_number` (hash `block_hash`) is
 * done. Only blocks at least the confirmation depth deep are read, so a reorganisation within
 * the depth never reaches what was credited; the stored hash tells a deeper one apart.
 */
export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  blockNumber: numeric('block_number', { precision: 20, scale: 0 }).notNull(),
  blockHash: text('block_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A USDT reward withdrawal: debited from USDT_REWARD when asked (PENDING), paid as BEP-20 USDT
 * from the hot wallet by the payout worker. The signed transaction and its hash are stored
 * before it is broadcast, so a crash between signing and sending resends the very same
 * transaction (same nonce, same hash), never a second payment. FAILED refunds the debit.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    toAddress: text('to_address').notNull(),
    status: text('status').notNull().default('PENDING'),
    /** The hot wallet's nonce this payout holds; unique, so two payouts never share one. */
    nonce: numeric('nonce', { precision: 20, scale: 0 }),
    signedTx: text('signed_tx'),
    txHash: text('tx_hash'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_pending_idx').on(t.status, t.createdAt),
    uniqueIndex('withdrawals_nonce_idx').on(t.nonce),
    uniqueIndex('withdrawals_tx_hash_idx').on(t.txHash),
    check('withdrawals_status', sql`${t.status} IN ('PENDING', 'SUCCESS', 'FAILED')`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
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
