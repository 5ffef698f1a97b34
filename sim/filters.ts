/** Binance symbol filters (PRICE_FILTER, LOT_SIZE, NOTIONAL) as pure checks. */
import { type Decimal, isMultipleOf } from './num';
import { SimError, type SymbolSpec } from './types';

function filterFailure(name: string): SimError {
  return new SimError(-1013, `Filter failure: ${name}`);
}

export function checkPrice(spec: SymbolSpec, price: Decimal): void {
  if (price.lte(0) || price.lt(spec.tickSize) || price.gt(spec.maxPrice) || !isMultipleOf(price, spec.tickSize)) {
    throw filterFailure('PRICE_FILTER');
  }
}

export function checkQuantity(spec: SymbolSpec, qty: Decimal): void {
  if (qty.lt(spec.minQty) || qty.gt(spec.maxQty) || !isMultipleOf(qty, spec.stepSize)) {
    throw filterFailure('LOT_SIZE');
  }
}

/** NOTIONAL (and the older MIN_NOTIONAL): price x quantity at least the symbol's minimum. */
export function checkNotional(spec: SymbolSpec, price: Decimal, qty: Decimal): void {
  if (price.mul(qty).lt(spec.minNotional)) throw filterFailure('NOTIONAL');
}

/** Binance refuses numbers with more than 8 decimals before any filter runs (-1111). */
export function checkPrecision(name: string, value: Decimal): void {
  if (value.decimalPlaces() > 8) throw new SimError(-1111, `Parameter '${name}' has too much precision.`);
}

/** All filters for an order at `price` (its limit, or the current price for a market order). */
export function checkOrderFilters(spec: SymbolSpec, price: Decimal, qty: Decimal, limit: boolean): void {
  checkPrecision('quantity', qty);
  if (limit) {
    checkPrecision('price', price);
    checkPrice(spec, price);
  }
  checkQuantity(spec, qty);
  checkNotional(spec, price, qty);
}
