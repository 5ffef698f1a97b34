/** A symbol's base asset and image path (SPEC section 3: /img/symbols/{name}.png). Pure. */
import { pairLabel } from '../../../common/pairs';

/** The base asset of a symbol: 'BTCUSDT' -> 'BTC' (used by the image fallback). */
export function baseAsset(symbol: string): string {
  return pairLabel(symbol).split('/')[0] ?? symbol;
}

/** SPEC section 3: the symbol image lives at /img/symbols/{name}.png. */
export function symbolImagePath(symbol: string): string {
  return `/img/symbols/${encodeURIComponent(symbol)}.png`;
}
