/** Subscription plans, members' subscriptions and the level rewards their purchases pay sponsors. */
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './members';

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
