/**
 * Deterministic client order ids: (bot, sequence) -> the id the exchange stores with the order,
 * so an order whose answer was lost is always found again by the id its intent recorded.
 * Binance allows ^[a-zA-Z0-9-_]{1,36}$; 'gd' + 80 bits of the bot id + 'x' + base-36 seq fits.
 */
export function clientOrderIdOf(botId: string, seq: number): string {
  return `gd${botId.replace(/-/g, '').slice(0, 20)}x${seq.toString(36)}`;
}
