import { formatQuantity, formatUsdt } from '../../../common/format';

/**
 * A wallet balance: USDT to 2 decimals; any other asset as a quantity (the wallet does not know
 * the pair's lot size, so common/format's fallback: at most 8 decimals, trailing zeros dropped).
 */
export function assetBalance(asset: string, balance: string | null | undefined): string {
  return asset === 'USDT' ? formatUsdt(balance) : formatQuantity(balance);
}
