/**
 * Deterministic client order ids: (runnable, sequence) -> the id the exchange stores with the
 * order, so an order whose answer was lost is always found again by the id its intent recorded.
 * Binance allows ^[a-zA-Z0-9-_]{1,36}$; 'gd' + 80 bits of the runnable's id + 'x' + base-36 seq
 * fits.
 */
export function clientOrderIdOf(runnableId: string, seq: number): string {
  return `${orderPrefixOfRunnable(runnableId)}x${seq.toString(36)}`;
}

/** The part of a client order id that names its runnable (hex digits never contain the 'x'). */
export function runnablePrefixOf(clientOrderId: string): string | null {
  const x = clientOrderId.lastIndexOf('x');
  return clientOrderId.startsWith('gd') && x > 2 ? clientOrderId.slice(0, x) : null;
}

export function orderPrefixOfRunnable(runnableId: string): string {
  return `gd${runnableId.replace(/-/g, '').slice(0, 20)}`;
}
