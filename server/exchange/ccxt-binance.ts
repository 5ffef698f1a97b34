/**
 * ccxt's two binance classes (REST and ccxt.pro), loaded alone. The package entry ('ccxt')
 * imports every one of its ~110 exchanges: about 1 s and 80 MB of a server boot for the one
 * exchange GridDesk talks to (bench:startup). These are the very modules that entry imports
 * (js/src/binance.js and js/src/pro/binance.js beside js/ccxt.js), so `binance` here is the
 * class `ccxt.binance` is (ccxt-binance.test.ts). ccxt's `exports` names only its entry, so the
 * two files are imported by their URL, found from where the entry resolves.
 */
import type ccxt from 'ccxt';

/** ccxt's entry (js/ccxt.js); its exchanges sit in src/ beside it. */
const entry = import.meta.resolve('ccxt');
const [rest, streaming] = (await Promise.all([
  import(new URL('./src/binance.js', entry).href),
  import(new URL('./src/pro/binance.js', entry).href),
])) as [{ default: typeof ccxt.binance }, { default: typeof ccxt.pro.binance }];

/** Shaped as the package's default export, for the two classes the server uses. */
export const ccxtBinance: { binance: typeof ccxt.binance; pro: { binance: typeof ccxt.pro.binance } } = {
  binance: rest.default,
  pro: { binance: streaming.default },
};
