/** Wallet reads: USDT balances and asset lists, from the member's balance feed (streams, else REST caches). */
import type { WalletAsset } from '../../../common/api/exchange';
import { Decimal } from '../../../common/decimal';
import type { Balances, Market } from '../../exchange/gateway';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { storedKey } from '../keys/keys';
import { DomainError } from '../errors';
import { KEY_MESSAGES } from '../keys/keys';

/** The member's balances; `fresh` asks the exchange now (balance checks before a transfer or swap). */
export async function balancesOf(deps: ExchangeDeps, userId: string, market: Market, fresh = false): Promise<Balances> {
  const exchange = exchangeOf(deps);
  const key = await storedKey(deps, userId);
  if (!key) throw new DomainError('keys.missing', KEY_MESSAGES.noKeys);
  const gateway = exchange.gateway.member(key);
  return surfaced(() => exchange.balances.read(userId, key, gateway, market, fresh));
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
  const pairs = held.filter(([asset]) => asset !== 'USDT').map(([asset]) => `${asset}USDT`);
  const prices = pairs.length > 0 ? await surfaced(() => exchangeOf(deps).marketData.spotPrices(pairs)) : {};
  return held.map(([asset, b]) => {
    const price = asset === 'USDT' ? '1' : prices[`${asset}USDT`] ?? '0';
    return { asset, balance: b.total, value: new Decimal(b.total).times(price).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed() };
  });
}
