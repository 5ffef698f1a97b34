/**
 * Points ccxt's binance class at the simulator: every REST api url ccxt knows (spot, sapi,
 * fapi, dapi, ...) keeps its path and swaps the host; the ccxt.pro ws urls to /ws
 * (spot: /stream/ws; USD-M user data: /private/ws?listenKey=...) and the spot WebSocket API,
 * where ccxt.pro subscribes spot user data, to /ws-api/v3.
 * Use as `new ccxt.binance({ urls: simulatorCcxtUrls(url), options: SIMULATOR_CCXT_OPTIONS })`
 * or `exchange.urls = simulatorCcxtUrls(url)`.
 */
import { ccxtBinance as ccxt } from './ccxt-binance';

type UrlTree = string | { [key: string]: UrlTree };

function rewrite(tree: UrlTree, base: string, wsBase: string): UrlTree {
  // ccxt.pro also needs `await exchange.loadHttpProxyAgent()` once before using plain ws:// urls.
  if (typeof tree === 'string') {
    const url = new URL(tree);
    if (!url.protocol.startsWith('ws')) return `${base}${url.pathname}`;
    // ccxt.pro tells spot streams from futures ones by '/stream' in the url (Binance's spot host
    // is stream.binance.com), so spot keeps that marker: the simulator serves /stream/ws as /ws.
    return `${wsBase}${url.hostname.startsWith('stream.') ? '/stream' : ''}${url.pathname}`;
  }
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, rewrite(v, base, wsBase)]));
}

let binanceUrls: Record<string, unknown> | undefined;

/**
 * ccxt.pro binance's own `urls`, read from one instance per process: constructing one costs
 * 25-50 ms (its describe() deep-merge), and every client for the simulator asks for its urls.
 */
function proBinanceUrls(): Record<string, unknown> {
  binanceUrls ??= new ccxt.pro.binance().urls as Record<string, unknown>;
  return structuredClone(binanceUrls); // each client owns its copy, as when it built its own
}

/** The `urls` object for ccxt.binance (and ccxt.pro.binance) against the simulator at baseUrl. */
export function simulatorCcxtUrls(baseUrl: string): Record<string, unknown> {
  const base = baseUrl.replace(/\/$/, '');
  const wsBase = base.replace(/^http/, 'ws');
  const urls = proBinanceUrls();
  const api = rewrite(urls.api as UrlTree, base, wsBase);
  return { ...urls, api, test: api, demo: api };
}

/**
 * ccxt options that suit the simulator: markets from spot and USD-M only (it serves an empty
 * COIN-M list too), no margin pair lookups, and no clock adjustment (it shares our clock).
 */
export const SIMULATOR_CCXT_OPTIONS = {
  fetchMarkets: { types: ['spot', 'linear'] },
  fetchMargins: false,
  adjustForTimeDifference: false,
} as const;

/** A ccxt binance client for a simulator key (tests and benches; no client-side throttling). */
export function simulatorCcxtClient(baseUrl: string, key: { apiKey: string; secretKey: string }) {
  return new ccxt.binance({
    apiKey: key.apiKey,
    secret: key.secretKey,
    enableRateLimit: false,
    urls: simulatorCcxtUrls(baseUrl) as never,
    options: { ...SIMULATOR_CCXT_OPTIONS },
  });
}
