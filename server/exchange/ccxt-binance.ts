/**
 * ccxt's two binance classes (REST and ccxt.pro), loaded alone. The package entry ('ccxt')
 * imports every one of its ~110 exchanges: about 1 s and 80 MB of a server boot for the one
 * exchange GridDesk talks to (bench:startup). These are the very modules that entry imports
 * (js/src/binance.js and js/src/pro/binance.js beside js/ccxt.js), so `binance` here is the
 * class `ccxt.binance` is (ccxt-binance.test.ts). ccxt's `exports` names only its entry, so the
 * two files are imported by their path; the Node build bundles them (scripts/build-node.mjs).
 */
import binance from '../../node_modules/ccxt/js/src/binance.js';
import proBinance from '../../node_modules/ccxt/js/src/pro/binance.js';

/** Shaped as the package's default export, for the two classes the server uses. */
export const ccxtBinance = { binance, pro: { binance: proBinance } } as const;
