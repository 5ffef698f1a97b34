/**
 * The member's exchange key: verified against the exchange before saving, the secret sealed
 * at rest and never returned, disconnect refused while a bot runs.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SERVER, UI } from '../../../common/messages';
import { preparedPerDb } from '../../db/prepared';
import { bots, cycles, exchangeKeys } from '../../db/schema';
import { ExchangeError } from '../../exchange/errors';
import type { MemberGateway, MemberKey } from '../../exchange/core/gateway';
import { RUNNING_BOT_STATUSES } from '../../runnables/bot/index';
import { DomainError } from '../errors';
import { openSecret, sealSecret, SECRET_KEY_VERSION } from './crypto';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import type { ExchangeDeps } from './exchange-deps';

export const KEY_MESSAGES = {
  invalid: 'Invalid API key or secret key: the exchange rejected them. Check both keys and try again.',
  withdrawals: 'This API key allows withdrawals. For your safety, create a key without the withdrawal permission and try again.',
  noTrading: 'This API key does not allow spot trading. Enable "Spot & Margin Trading" for the key and try again.',
  noIpRestriction:
    'This API key is not restricted to the server IP. Restrict it to the server IP in your exchange account for safety.',
  noKeys: 'Connect your exchange API keys in API Setting first.',
} as const;

/** The dashboard's funds poll reads the key every time. */
const keyQuery = preparedPerDb((db) =>
  db
    .select({ apiKey: exchangeKeys.apiKey, secretCiphertext: exchangeKeys.secretCiphertext })
    .from(exchangeKeys)
    .where(eq(exchangeKeys.userId, sql.placeholder('userId')))
    .prepare('stored_exchange_key'),
);

export async function storedKey(deps: ExchangeDeps, userId: string): Promise<MemberKey | null> {
  const [row] = await keyQuery(deps.db).execute({ userId });
  if (!row) return null;
  return { apiKey: row.apiKey, secretKey: openSecret(deps.config.secretsKey, userId, row.secretCiphertext) };
}

/** The member's gateway; 400 with a clear message when no key is bound. */
export async function memberGateway(deps: ExchangeDeps, userId: string): Promise<MemberGateway> {
  const key = await storedKey(deps, userId);
  if (!key) throw new DomainError('keys.missing', KEY_MESSAGES.noKeys);
  return exchangeOf(deps).gateway.member(key);
}

export async function fetchKeys(deps: ExchangeDeps, userId: string): Promise<{ apiKey: string | null }> {
  const [row] = await deps.db.select({ apiKey: exchangeKeys.apiKey }).from(exchangeKeys).where(eq(exchangeKeys.userId, userId));
  return { apiKey: row?.apiKey ?? null };
}

async function verify(deps: ExchangeDeps, key: MemberKey): Promise<{ ipRestricted: boolean }> {
  const gateway = exchangeOf(deps).gateway.member(key);
  let restrictions;
  try {
    restrictions = await gateway.apiRestrictions();
  } catch (error) {
    if (error instanceof ExchangeError && (error.kind === 'auth' || error.kind === 'permission')) {
      throw new DomainError('keys.rejected', KEY_MESSAGES.invalid);
    }
    throw new DomainError('keys.unverifiable', `Could not verify the API key with the exchange: ${(error as Error).message}`);
  }
  if (restrictions.enableWithdrawals) throw new DomainError('keys.withdrawals_enabled', KEY_MESSAGES.withdrawals);
  if (!restrictions.enableSpotAndMarginTrading) throw new DomainError('keys.trading_disabled', KEY_MESSAGES.noTrading);
  return { ipRestricted: restrictions.ipRestrict };
}

export async function saveKeys(
  deps: ExchangeDeps,
  userId: string,
  key: MemberKey,
): Promise<{ message: string; warning?: string }> {
  const { ipRestricted } = await verify(deps, key);
  const row = {
    apiKey: key.apiKey,
    secretCiphertext: sealSecret(deps.config.secretsKey, userId, key.secretKey),
    keyVersion: SECRET_KEY_VERSION,
    ipRestricted,
  };
  await deps.db
    .insert(exchangeKeys)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: exchangeKeys.userId, set: row });
  forgetMember(deps, userId);
  return ipRestricted ? { message: UI.apiKeysSaved } : { message: UI.apiKeysSaved, warning: KEY_MESSAGES.noIpRestriction };
}

export async function disconnectKeys(deps: ExchangeDeps, userId: string): Promise<{ message: string }> {
  const [running] = await deps.db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.userId, userId), inArray(bots.status, [...RUNNING_BOT_STATUSES])))
    .limit(1);
  if (running) throw new DomainError('keys.bot_running', SERVER.botRunningCannotDisconnect);
  // A live cycle's orders rest on the exchange under this key: the same refusal (SPEC's words for a running bot).
  const [cycle] = await deps.db
    .select({ id: cycles.id })
    .from(cycles)
    .where(and(eq(cycles.userId, userId), eq(cycles.status, 'Live')))
    .limit(1);
  if (cycle) throw new DomainError('keys.bot_running', SERVER.botRunningCannotDisconnect);
  await deps.db.delete(exchangeKeys).where(eq(exchangeKeys.userId, userId));
  forgetMember(deps, userId);
  return { message: UI.disconnected };
}

function forgetMember(deps: ExchangeDeps, userId: string): void {
  deps.exchange?.forgetMember(userId); // its cached connection, balances and user-data streams belong to the old key
}

/**
 * A real authenticated call (apiRestrictions, 1 weight), cached per member. Only the exchange
 * refusing the key means disconnected; an exchange that cannot answer is a 503 (not cached), so
 * a network blip never tells a member to bind their keys again.
 */
export async function checkConnection(deps: ExchangeDeps, userId: string): Promise<{ connected: boolean }> {
  const key = await storedKey(deps, userId);
  if (!key) return { connected: false };
  const exchange = exchangeOf(deps);
  const connected = await surfaced(() => exchange.memberConnected(userId, key));
  return { connected };
}
