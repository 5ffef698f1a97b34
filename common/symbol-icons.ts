/**
 * The pairs whose coin icon ships with the app, at /img/symbols/{pair}.png (SPEC section 3;
 * renderer/public/img/symbols, from the CC0 cryptocurrency-icons package). Any other pair shows
 * the neutral coin without asking for a file, so no screen requests an image that is not there.
 * server/exchange/symbol-icons.test.ts holds this list to the files.
 */
export const SYMBOL_ICONS: ReadonlySet<string> = new Set(
  'BTC ETH BNB SOL XRP ADA DOGE TRX DOT LINK LTC AVAX POL ATOM UNI XLM ETC FIL'.split(' ').map((base) => `${base}USDT`),
);

export function hasSymbolIcon(symbol: string): boolean {
  return SYMBOL_ICONS.has(symbol);
}
