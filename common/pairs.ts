/**
 * How a pair is written for the member: 'BTCUSDT' as 'BTC/USDT' (SPEC section 3: a bot's name,
 * XXXUSDT, is shown with '/USDT'). The server's dashboard, the renderer's screens and the
 * desktop's notifications all write pairs through pairLabel.
 */

/**
 * The quote assets GridDesk trades against: the exchange layer lists only USDT markets
 * (server/exchange/ccxt-parse.ts), so no bot has another quote. A name ending in anything else
 * is shown as sent rather than split at a guess ('WBTC' is not 'W/BTC').
 */
export const QUOTE_ASSETS: readonly string[] = ['USDT'];

/** 'BTCUSDT' -> 'BTC/USDT'; a name without a base before a known quote asset stays as sent. */
export function pairLabel(symbol: string): string {
  const quote = QUOTE_ASSETS.find((q) => symbol.length > q.length && symbol.endsWith(q));
  return quote ? `${symbol.slice(0, -quote.length)}/${quote}` : symbol;
}
