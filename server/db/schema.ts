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
  pgTable,
  text,
  timestamp,
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
