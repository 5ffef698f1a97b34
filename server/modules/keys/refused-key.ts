/** The exchange refusing the member's key is SPEC's 'API key is incorrect or IP is not allowed' case. */
import { UI } from '../../../common/messages';
import { ExchangeError } from '../../exchange/errors';
import { DomainError } from '../errors';

/** Rethrows `error`, as keys.rejected when the exchange refused the key (a `.catch()` of a member call). */
export function refusedKey(error: unknown): never {
  if (error instanceof ExchangeError && (error.kind === 'auth' || error.kind === 'permission'))
    throw new DomainError('keys.rejected', UI.apiKeyOrIp);
  throw error;
}
