/** The exchange services of the app, or a clear failure when this process has none. */
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { ExchangeServices } from '../../exchange/exchange-factory';
import { ExchangeError } from '../../exchange/errors';
import { DomainError } from '../errors';

export interface ExchangeDeps {
  config: Config;
  db: Db;
  exchange?: ExchangeServices;
}

export function exchangeOf(deps: ExchangeDeps): ExchangeServices {
  if (!deps.exchange) throw new DomainError('invalid', 'The exchange is not available on this server.');
  return deps.exchange;
}

export const EXCHANGE_UNAVAILABLE = 'The exchange is not answering right now. Please try again in a moment.';

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
    throw new DomainError(temporary ? 'unavailable' : 'invalid', prefix ? `${prefix}: ${message}` : message);
  }
}
