/** Wallet reads: USDT balances and asset lists, from the per-member balance caches. */
import type { WalletAsset } from '../../../common/api/exchange';
import { Decimal } from '../../../common/decimal';
import type { Balances, Market } from '../../exchange/gateway';
import { exchangeOf, surfaced, type ExchangeDeps } from '../keys/exchange-deps';
import { memberGateway, storedKey } from '../keys/keys';
import { DomainError } from '../errors';
import { KEY_MESSAGES } from '../keys/keys';

/** Cached balances; `fresh` bypasses the cache (balance checks before a transfer or swap). */
export async function balancesOf(deps: ExchangeDeps, userId: string, market: Market, fresh = false): Promise<Balances> {
  const exchange = exchangeOf(deps);
  const key = await storedKey(deps, userId);
  if (!key) throw new DomainError('invalid', KEY_MESSAGES.noKeys);
  const cache = market === 'spot' ? exchange.spotBalances : exchange.futuresBalances;
  if (fresh) cache.invalidate(userId);
  const gateway = await memberGateway(deps, userId);
  return surfaced(() => cache.get(userId, key.apiKey, () => gateway.balances(market)));
}

export async function spotBalance(deps: ExchangeDeps, userId: string): Promise<{ spotusdtAmount: string }> {
  return { spotusdtAmount: (await balancesOf(deps, userId, 'spot')).USDT?.free ?? '0' };
}

export async function futuresBalance(deps: ExchangeDeps, userId: string): Promise<{ futuresusdtAmount: string }> {
  return { futuresusdtAmount: (await balancesOf(deps, userId, 'futures')).USDT?.free ?? '0' };
}

/** Assets with a balance, valued in USDT at the last spot prices (8 decimals, rounded down). */
export async function assets(deps: ExchangeDeps, userId: string, market: Market): Promise<WalletAsset[]> {
  const balances = await balancesOf(deps, userId, market);
  const held = Object.entries(balances).filter(([, b]) => new Decimal(b.total).gt(0));
  const needPrices = held.some(([asset]) => asset !== 'USDT');
  const prices = needPrices ? await surfaced(() => exchangeOf(deps).marketData.spotPrices()) : {};
  return held.map(([asset, b]) => {
    const price = asset === 'USDT' ? '1' : prices[`${asset}USDT`] ?? '0';
    return { asset, balance: b.total, value: new Decimal(b.total).times(price).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed() };
  });
}
