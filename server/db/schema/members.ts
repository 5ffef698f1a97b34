/** Members and their sign-in: accounts, pending sign ups, sessions, login throttling, password resets, the dashboard disclaimer. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
    /**
     * The client that signed in, as the server saw it (behind TRUST_PROXY, the forwarded client,
     * not the proxy): what support reads when a member asks where a session came from.
     */
    clientAddress: text('client_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
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

/** Members who agreed to the dashboard disclaimer. */
export const disclaimerAgreements = pgTable('disclaimer_agreements', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  agreedAt: createdAt(),
});
