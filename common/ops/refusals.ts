/**
 * The reasons an operation may refuse with (common/reasons.ts): those any operation may give,
 * those of a member's operation, and the ones its entry declares (`refuses`, ops/define.ts). The
 * server checks every refusal a handler throws against them (server/http/ops/register.ts: a test
 * fails on an undeclared one), /docs lists them, and a screen knows which it must have words for.
 */
import { REASON_STATUS, type Reason } from '../reasons';
import type { OpSpec } from './define';

/** Any operation: a request the server cannot read or take, its input's rules, a limit, the server's own failures. */
export const ANY_OPERATION_REFUSES = [
  'request.malformed',
  'request.not_found',
  'request.too_large',
  'request.too_many',
  'validation.required',
  'validation.invalid',
  'validation.above_ceiling',
  'server.internal',
  'server.unavailable',
  'server.timeout',
] as const satisfies readonly Reason[];

/** A signed-in member's operation: the session ended. */
export const MEMBER_OPERATION_REFUSES = ['auth.unauthenticated'] as const satisfies readonly Reason[];

/** What an operation that reads the exchange may refuse with: no exchange here, none answering, a pair it does not list. */
export const MARKET_REFUSES = [
  'exchange.not_configured',
  'exchange.unavailable',
  'exchange.refused',
  'market.unknown_pair',
] as const satisfies readonly Reason[];

/** What an operation on the member's exchange account may refuse with: the market's reasons, and the member's key missing or refused. */
export const ACCOUNT_EXCHANGE_REFUSES = [...MARKET_REFUSES, 'keys.missing', 'keys.rejected'] as const satisfies readonly Reason[];

/** An operation that takes an Idempotency-Key (server/http/idempotency-key.ts). */
export const IDEMPOTENT_REFUSES = ['idempotency.key_invalid', 'idempotency.key_reused'] as const satisfies readonly Reason[];

/** Every reason the operation may refuse with. */
export function refusalsOf(spec: Pick<OpSpec, 'auth' | 'refuses'>): ReadonlySet<Reason> {
  return new Set<Reason>([
    ...ANY_OPERATION_REFUSES,
    ...(spec.auth === 'member' ? MEMBER_OPERATION_REFUSES : []),
    ...(spec.refuses ?? []),
  ]);
}

/** Its own reasons, as /docs lists them: `bot.not_found (404), ...`. */
export function ownRefusalsText(spec: Pick<OpSpec, 'refuses'>): string {
  return (spec.refuses ?? []).map((reason) => `${reason} (${REASON_STATUS[reason]})`).join(', ');
}
