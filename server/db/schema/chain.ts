/** BEP-20 deposits and reward withdrawals on Binance Smart Chain. */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './members';

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
  (t) => [
    uniqueIndex('deposit_addresses_hd_index_idx').on(t.hdIndex),
    uniqueIndex('deposit_addresses_address_idx').on(t.address),
  ],
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
    /** The network fee kept from `amount` (withdrawalFee when requested); the chain pays amount - fee. 0 before migration 0016. */
    fee: numeric('fee', { precision: 38, scale: 18 }).notNull().default('0'),
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
