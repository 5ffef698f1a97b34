/**
 * The exchange layer's answer to the member, in the server's domain terms: a refusal carries the
 * exchange's reason, an exchange that cannot answer is "try again later", and a process without
 * an exchange says so. Domain modules call through these and never read ExchangeError kinds.
 */
import type { Reason } from '../../common/reasons';
import { DomainError } from '../errors/domain-error';
import { ExchangeError } from './errors';
import type { ExchangeServices } from './services';

export const EXCHANGE_UNAVAILABLE = 'The exchange is not answering right now. Please try again in a moment.';

/** The exchange services of the app, or a clear failure when this process has none. */
export function exchangeOf(deps: { exchange?: ExchangeServices }): ExchangeServices {
  if (!deps.exchange) throw new DomainError('exchange.not_configured', 'The exchange is not available on this server.');
  return deps.exchange;
}

/** The reason a refusal of the exchange reaches the member with, by what the member can do. */
function reasonOf(error: ExchangeError): Reason {
  if (error.kind === 'temporary') return 'exchange.unavailable';
  if (error.kind === 'unknown_symbol') return 'market.unknown_pair';
  if (error.kind === 'auth' || error.kind === 'permission') return 'keys.rejected';
  if (error.kind === 'insufficient_funds') return 'wallet.insufficient_funds';
  return 'exchange.refused';
}

/**
 * Runs an exchange call, turning its refusals into 400s that carry the exchange's reason, and
 * an exchange that cannot answer (after the gateway's retries) into a 503.
 */
export async function surfaced<T>(run: () => Promise<T>, prefix = ''): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    const temporary = error.kind === 'temporary';
    const message = temporary ? EXCHANGE_UNAVAILABLE : error.message;
    throw new DomainError(reasonOf(error), prefix ? `${prefix}: ${message}` : message);
  }
}
