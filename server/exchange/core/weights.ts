/**
 * Binance request weights of the endpoints the gateway calls (per API family, per IP). The
 * governor reserves these before a request; the response header re-syncs any drift, so an
 * endpoint missing here only costs accuracy for one window, never a ban.
 */
export type ApiFamily = 'spot' | 'futures' | 'sapi';

type Params = Record<string, unknown>;

function count(params: Params): number {
  const symbols = params.symbols;
  if (typeof symbols === 'string') {
    try {
      return (JSON.parse(symbols) as unknown[]).length;
    } catch {
      return 100;
    }
  }
  if (Array.isArray(symbols)) return symbols.length;
  return params.symbol ? 1 : Infinity;
}

function byLimit(params: Params, steps: [number, number][], fallback: number): number {
  const limit = Number(params.limit ?? NaN);
  if (!Number.isFinite(limit)) return fallback;
  return steps.find(([max]) => limit <= max)?.[1] ?? steps.at(-1)![1];
}

const SPOT: Record<string, (p: Params) => number> = {
  'GET account': () => 20,
  'GET exchangeInfo': () => 20,
  'GET ticker/24hr': (p) => {
    const n = count(p);
    return n <= 20 ? 2 : n <= 100 ? 40 : 80;
  },
  'GET ticker/price': (p) => (count(p) === 1 ? 2 : 4),
  'GET klines': () => 2,
  'GET order': () => 4,
  'GET openOrders': (p) => (p.symbol ? 6 : 80),
  'GET allOrders': () => 20,
  'GET myTrades': () => 20,
  'GET depth': (p) =>
    byLimit(
      p,
      [
        [100, 5],
        [500, 25],
        [1000, 50],
        [5000, 250],
      ],
      5,
    ),
};

const FUTURES: Record<string, (p: Params) => number> = {
  'GET ticker/24hr': (p) => (p.symbol ? 1 : 40),
  'GET ticker/price': (p) => (p.symbol ? 1 : 2),
  'GET klines': (p) =>
    byLimit(
      p,
      [
        [99, 1],
        [499, 2],
        [1000, 5],
        [1500, 10],
      ],
      2,
    ),
  'GET openOrders': (p) => (p.symbol ? 1 : 40),
  'GET allOrders': () => 5,
  'GET userTrades': () => 5,
  'GET positionSide/dual': () => 30,
  'GET account': () => 5,
  'GET balance': () => 5,
  'GET positionRisk': () => 5,
  'GET forceOrders': (p) => (p.symbol ? 20 : 50),
  'GET leverageBracket': () => 1,
  'POST leverage': () => 1,
  'POST marginType': () => 1,
};

const SAPI: Record<string, (p: Params) => number> = {
  'GET capital/config/getall': () => 10,
};

const TABLES: Record<ApiFamily, Record<string, (p: Params) => number>> = { spot: SPOT, futures: FUTURES, sapi: SAPI };

/** ccxt's api section ('public', 'private', 'sapi', 'fapiPrivateV2', ...) -> weight family. */
export function familyOfApi(api: unknown): ApiFamily {
  const name = Array.isArray(api) ? String(api[0]) : String(api);
  if (name.startsWith('fapi')) return 'futures';
  if (name.startsWith('sapi')) return 'sapi';
  return 'spot';
}

/** A response's family, from its url (for re-syncing from its headers). */
export function familyOfUrl(url: string): ApiFamily {
  const path = new URL(url).pathname;
  return path.startsWith('/sapi/') ? 'sapi' : path.startsWith('/fapi/') ? 'futures' : 'spot';
}

/** Weight of one request, as ccxt describes it before signing (path relative to its api). */
export function requestWeight(family: ApiFamily, method: string, path: string, params: Params = {}): number {
  return TABLES[family][`${method.toUpperCase()} ${path}`]?.(params) ?? 1;
}
