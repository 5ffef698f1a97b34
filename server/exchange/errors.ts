/**
 * Our exchange errors, named by what we do about them, and the mapping from ccxt's. The mapping
 * reads ccxt's class chain by name so only ccxt-gateway.ts imports ccxt.
 */
export type ExchangeErrorKind =
  | 'temporary' // retry with backoff
  | 'invalid_order' // surface: the exchange refused the order (filters, notional, ...)
  | 'insufficient_funds' // surface
  | 'auth' // surface: the key is wrong, expired or deleted
  | 'permission' // surface: the key lacks a permission or the IP is not whitelisted
  | 'position_changed' // surface: a reduce-only sell larger than the futures position (it changed outside the bot)
  | 'not_found' // the order/transfer is not (yet) known to the exchange
  | 'unknown_symbol' // the exchange does not list the symbol
  | 'duplicate_order' // an order with this clientOrderId exists already: look it up
  | 'unknown_outcome' // a submit whose fate we do not know: look it up, never resubmit blind
  | 'rejected'; // any other refusal, surfaced with the exchange's reason

export class ExchangeError extends Error {
  override name = 'ExchangeError';
  constructor(
    readonly kind: ExchangeErrorKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Binance codes whose meaning ccxt's class does not carry for us (it maps them per endpoint). */
const KIND_OF_CODE: Record<number, ExchangeErrorKind> = {
  [-1003]: 'temporary', // too much request weight
  [-1007]: 'temporary', // backend timeout: send status unknown
  [-1022]: 'auth', // signature not valid: wrong secret
  [-2014]: 'auth', // API-key format invalid
  [-2015]: 'auth', // invalid API-key, IP, or permissions for action
  [-2022]: 'position_changed', // ReduceOnly Order is rejected: the position is smaller than the sell
};

/** The Binance error code in a ccxt error's message ("binance {\"code\":-4046,...}"), if any. */
export function binanceCode(error: unknown): number | null {
  const raw = error instanceof Error ? error.message : String(error);
  const match = /"code"\s*:\s*(-?\d+)/.exec(raw);
  return match ? Number(match[1]) : null;
}

/** The exchange's own reason without ccxt's "binance {json}" wrapper. */
export function exchangeReason(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const json = /\{.*\}/s.exec(raw)?.[0];
  if (json) {
    try {
      const parsed = JSON.parse(json) as { msg?: unknown };
      if (typeof parsed.msg === 'string') return parsed.msg;
    } catch {
      // not JSON after all: fall through to the raw text
    }
  }
  return raw.replace(/^binance\s+/, '').trim() || 'The exchange refused the request.';
}

function classChain(error: unknown): string[] {
  const names: string[] = [];
  for (let p = error ? Object.getPrototypeOf(error) : null; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    names.push((p as { constructor: { name: string } }).constructor.name);
  }
  return names;
}

/** ccxt class name -> our kind; the first match along the class chain wins (most specific first). */
const KIND_OF: Record<string, ExchangeErrorKind> = {
  OrderNotFound: 'not_found',
  InsufficientFunds: 'insufficient_funds',
  InvalidOrder: 'invalid_order',
  PermissionDenied: 'permission',
  AccountSuspended: 'permission',
  AuthenticationError: 'auth',
  DDoSProtection: 'temporary',
  RateLimitExceeded: 'temporary',
  RequestTimeout: 'temporary',
  ExchangeNotAvailable: 'temporary',
  InvalidNonce: 'temporary',
  NetworkError: 'temporary',
  BadResponse: 'temporary',
  NullResponse: 'temporary',
  DuplicateOrderId: 'duplicate_order',
  BadSymbol: 'unknown_symbol',
  BadRequest: 'rejected',
  ExchangeError: 'rejected',
};

/**
 * Binance refusals that share a code with others and that ccxt gives no class of their own,
 * told apart by the exact reason Binance documents for them (as ccxt's own `broad` table does).
 */
const KIND_OF_BINANCE_REASON: Record<string, ExchangeErrorKind> = {
  'Duplicate order sent.': 'duplicate_order', // -2010 on a reused newClientOrderId
};

const MESSAGES: Partial<Record<ExchangeErrorKind, string>> = {
  auth: 'The exchange rejected your API key. Check the API key and secret key.',
  permission: 'Your API key is not allowed to do this. Check its permissions and that the server IP is whitelisted.',
};

/** Maps anything a ccxt call threw onto an ExchangeError. `submit` marks an order/transfer POST. */
export function mapExchangeError(error: unknown, submit = false): ExchangeError {
  if (error instanceof ExchangeError) return error;
  const chain = classChain(error);
  const code = binanceCode(error);
  const byCode = code === null ? undefined : KIND_OF_CODE[code];
  const reason = exchangeReason(error);
  const kind =
    KIND_OF_BINANCE_REASON[reason] ?? byCode ?? chain.map((name) => KIND_OF[name]).find((k) => k !== undefined) ?? 'temporary';
  // A 5xx or timeout on a submit may have been accepted: its outcome is unknown, not failed.
  if (
    submit &&
    kind === 'temporary' &&
    code !== -1003 &&
    !chain.includes('RateLimitExceeded') &&
    !chain.includes('DDoSProtection')
  ) {
    return new ExchangeError('unknown_outcome', reason);
  }
  const message = MESSAGES[kind] ? `${MESSAGES[kind]} (${reason})` : reason;
  return new ExchangeError(kind, message);
}

export interface RetryOptions {
  attempts?: number;
  baseMs?: number;
  maxMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retries temporary errors with exponential backoff and full jitter, a bounded number of times. */
export async function withRetry<T>(run: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 4, baseMs = 200, maxMs = 5_000, sleep = realSleep, random = Math.random } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const mapped = mapExchangeError(error);
      if (mapped.kind !== 'temporary' || attempt >= attempts) throw mapped;
      const cap = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
      await sleep(Math.max(mapped.retryAfterMs ?? 0, Math.floor(random() * cap)));
    }
  }
}
