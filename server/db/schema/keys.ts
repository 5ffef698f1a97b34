/** Members' bound exchange keys. */
import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './members';

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
  /** Whether the exchange reported the key as limited to trusted IPs when it was saved. */
  ipRestricted: boolean('ip_restricted').notNull(),
  createdAt: createdAt(),
});
