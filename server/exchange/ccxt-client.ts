/**
 * ccxt binance instances behind the weight governor: every HTTP request reserves its weight
 * first and every response re-syncs the governor. ccxt's own throttle is off (it is per
 * instance; Binance limits per IP). Part of the ccxt boundary with ccxt-gateway.ts.
 */
import { ccxtBinance as ccxt } from './ccxt-binance';
import { simulatorCcxtUrls, SIMULATOR_CCXT_OPTIONS } from './ccxt-urls';
import type { WeightGovernor } from './core/weight-governor';
import { familyOfApi, familyOfUrl, requestWeight } from './core/weights';

export type CcxtClient = InstanceType<typeof ccxt.binance>;
export type CcxtProClient = InstanceType<typeof ccxt.pro.binance>;

export interface ClientTarget {
  /** The simulator's base url, or null for the real Binance. */
  simUrl: string | null;
  /** Clock for request timestamps (tests that move time with the simulator's clock). */
  now?: () => number;
}

type Fetch2 = (
  path: string,
  api: unknown,
  method?: string,
  params?: Record<string, unknown>,
  ...rest: unknown[]
) => Promise<unknown>;

/**
 * Reserves weight in fetch2, before ccxt signs: a request that waited in the queue still
 * carries a fresh timestamp (a wait longer than recvWindow would otherwise be refused).
 */
function install<C extends CcxtClient>(client: C, governor: WeightGovernor): C {
  const fetch2 = (client.fetch2 as Fetch2).bind(client);
  (client as unknown as { fetch2: Fetch2 }).fetch2 = async (path, api, method = 'GET', params = {}, ...rest) => {
    const family = familyOfApi(api);
    await governor.reserve(family, requestWeight(family, method, path, params));
    return fetch2(path, api, method, params, ...rest);
  };
  const handleErrors = client.handleErrors.bind(client);
  client.handleErrors = (
    code: number,
    reason: string,
    url: string,
    method: string,
    headers: Record<string, string>,
    ...rest: unknown[]
  ) => {
    governor.observe(familyOfUrl(url), code, headers ?? {});
    return (handleErrors as (...args: unknown[]) => unknown)(code, reason, url, method, headers, ...rest) as never;
  };
  return client;
}

/** Constructor settings for both the REST and the streaming class: spot and USD-M markets only. */
function clientConfig(target: ClientTarget): Record<string, unknown> {
  const options = { fetchMarkets: { types: ['spot', 'linear'] }, fetchMargins: false, adjustForTimeDifference: false };
  return target.simUrl
    ? { enableRateLimit: false, urls: simulatorCcxtUrls(target.simUrl), options: { ...SIMULATOR_CCXT_OPTIONS } }
    : { enableRateLimit: false, options };
}

/**
 * A ccxt.pro client for the shared market streams. Its REST calls (markets, on connect) go
 * through the governor like every other; WebSocket traffic costs no request weight.
 */
export async function createStreamingClient(target: ClientTarget, governor: WeightGovernor): Promise<CcxtProClient> {
  const client = new ccxt.pro.binance(clientConfig(target));
  // ccxt.pro only opens plain ws:// (the simulator) once its proxy agents are loaded.
  if (target.simUrl) await client.loadHttpProxyAgent();
  return install(client, governor);
}

/**
 * Member clients are clones of one template: constructing a ccxt binance costs 25-50 ms of CPU
 * (its describe() deep-merge), which for 1,000 members resuming at once would block the event
 * loop for most of a minute; a clone (an object whose prototype is the template) costs
 * microseconds. Safe because every call goes through prototype methods (`request`, never the
 * implicit-API closures, which are bound to the keyless template and so fail loudly for want of
 * a key), ccxt's writes land on the clone, and each clone owns its credentials and a copy of the
 * `options` ccxt mutates. (ccxt's native fetch pools sockets process-wide.)
 */
export class CcxtClientFactory {
  private readonly template: CcxtClient;

  constructor(
    private readonly target: ClientTarget,
    private readonly governor: WeightGovernor,
  ) {
    this.template = new ccxt.binance(clientConfig(target));
  }

  create(key?: { apiKey: string; secretKey: string }): CcxtClient {
    const client = Object.create(this.template) as CcxtClient;
    client.options = { ...this.template.options }; // ccxt writes top-level keys; nested ones are read-only data
    client.apiKey = key?.apiKey ?? '';
    client.secret = key?.secretKey ?? '';
    if (this.target.now) client.milliseconds = this.target.now;
    return install(client, this.governor);
  }
}

/** One Binance endpoint as ccxt describes it: path relative to its api section. */
export interface Endpoint {
  api: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** A raw endpoint call through ccxt (signing, error mapping) keeping Binance's decimal strings. */
export function raw(client: CcxtClient, endpoint: Endpoint, params: Record<string, unknown> = {}): Promise<unknown> {
  return (client.request as (path: string, api: string, method: string, params: object) => Promise<unknown>).call(
    client,
    endpoint.path,
    endpoint.api,
    endpoint.method,
    params,
  );
}

export const ENDPOINTS = {
  exchangeInfo: { api: 'public', method: 'GET', path: 'exchangeInfo' },
  futuresExchangeInfo: { api: 'fapiPublic', method: 'GET', path: 'exchangeInfo' },
  tickerPrice: { api: 'public', method: 'GET', path: 'ticker/price' },
  futuresTickerPrice: { api: 'fapiPublic', method: 'GET', path: 'ticker/price' },
  ticker24hr: { api: 'public', method: 'GET', path: 'ticker/24hr' },
  klines: { api: 'public', method: 'GET', path: 'klines' },
  account: { api: 'private', method: 'GET', path: 'account' },
  futuresAccount: { api: 'fapiPrivateV2', method: 'GET', path: 'account' },
  apiRestrictions: { api: 'sapi', method: 'GET', path: 'account/apiRestrictions' },
  order: { api: 'private', method: 'POST', path: 'order' },
  getOrder: { api: 'private', method: 'GET', path: 'order' },
  cancelOrder: { api: 'private', method: 'DELETE', path: 'order' },
  myTrades: { api: 'private', method: 'GET', path: 'myTrades' },
  futuresOrder: { api: 'fapiPrivate', method: 'POST', path: 'order' },
  futuresGetOrder: { api: 'fapiPrivate', method: 'GET', path: 'order' },
  futuresCancelOrder: { api: 'fapiPrivate', method: 'DELETE', path: 'order' },
  futuresTrades: { api: 'fapiPrivate', method: 'GET', path: 'userTrades' },
  transfer: { api: 'sapi', method: 'POST', path: 'asset/transfer' },
  transferHistory: { api: 'sapi', method: 'GET', path: 'asset/transfer' },
  futuresListenKey: { api: 'fapiPrivate', method: 'POST', path: 'listenKey' },
  futuresKeepAlive: { api: 'fapiPrivate', method: 'PUT', path: 'listenKey' },
  futuresMarginType: { api: 'fapiPrivate', method: 'POST', path: 'marginType' },
  futuresLeverage: { api: 'fapiPrivate', method: 'POST', path: 'leverage' },
  futuresLeverageBracket: { api: 'fapiPrivate', method: 'GET', path: 'leverageBracket' },
  futuresPositionRisk: { api: 'fapiPrivateV2', method: 'GET', path: 'positionRisk' },
  futuresForceOrders: { api: 'fapiPrivate', method: 'GET', path: 'forceOrders' },
} as const satisfies Record<string, Endpoint>;
