/** The default USDT pairs: realistic starting prices and Binance-like filters. */
import { stepDecimals } from './num';
import { type SymbolSeed, type SymbolSpec } from './types';

type Row = [base: string, price: string, tickSize: string, stepSize: string];

// Tick and step sizes as Binance lists them for these spot pairs; min notional 5 USDT for all.
const ROWS: Row[] = [
  ['BTC', '67250.12', '0.01', '0.00001'],
  ['ETH', '3450.55', '0.01', '0.0001'],
  ['BNB', '585.30', '0.01', '0.001'],
  ['SOL', '145.62', '0.01', '0.001'],
  ['XRP', '0.5234', '0.0001', '0.1'],
  ['ADA', '0.4521', '0.0001', '0.1'],
  ['DOGE', '0.15234', '0.00001', '1'],
  ['TRX', '0.1234', '0.0001', '0.1'],
  ['DOT', '6.543', '0.001', '0.01'],
  ['LINK', '14.56', '0.01', '0.01'],
  ['LTC', '82.45', '0.01', '0.001'],
  ['AVAX', '28.45', '0.01', '0.01'],
  ['POL', '0.5123', '0.0001', '0.1'],
  ['ATOM', '7.123', '0.001', '0.01'],
  ['UNI', '9.876', '0.001', '0.01'],
  ['XLM', '0.1056', '0.0001', '1'],
  ['ETC', '24.56', '0.01', '0.01'],
  ['FIL', '4.567', '0.001', '0.01'],
  ['NEAR', '5.432', '0.001', '0.1'],
  ['APT', '8.765', '0.001', '0.01'],
  ['ARB', '0.8123', '0.0001', '0.1'],
  ['OP', '1.765', '0.001', '0.01'],
  ['SUI', '1.2345', '0.0001', '0.1'],
  ['INJ', '22.45', '0.01', '0.001'],
];

export const DEFAULT_SYMBOLS: SymbolSeed[] = ROWS.map(([base, price, tickSize, stepSize]) => ({
  symbol: `${base}USDT`,
  base,
  quote: 'USDT',
  price,
  tickSize,
  stepSize,
  minNotional: '5',
}));

export function toSpec(seed: SymbolSeed): SymbolSpec {
  return {
    ...seed,
    minQty: seed.stepSize,
    maxQty: '9000000',
    maxPrice: '10000000',
    priceDecimals: stepDecimals(seed.tickSize),
    qtyDecimals: stepDecimals(seed.stepSize),
  };
}
