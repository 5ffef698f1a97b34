/**
 * The optional Idempotency-Key header of the billing service's money-moving POSTs (subscription
 * purchase, withdrawal, reward swap). A client sends one key per intended operation and the
 * same key again when it retries after an unknown outcome; the module then answers the retry
 * from the first run (server/modules/ledger/idempotent-requests.ts).
 *
 * A malformed key is refused with a 400 rather than ignored: ignoring it would run the retry
 * as a new request, the very double payment the client sent the key to prevent.
 */
import type { FastifyRequest } from 'fastify';
import { SERVER } from '../../common/messages';
import { DomainError } from '../modules/errors';

export const IDEMPOTENCY_KEY_MAX = 100;

/** Visible ASCII, no spaces: a UUID fits; two headers joined by Node (", ") do not. */
const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The request's key, undefined without the header, or a 400 DomainError for a malformed one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new DomainError('idempotency.key_invalid', SERVER.idempotencyKeyInvalid(IDEMPOTENCY_KEY_MAX));
  }
  return header;
}
