/**
 * Wallet reads: USDT balances and asset lists, from the member's balance feed (streams, else REST
 * caches), each with the member's money at hand (money-at-hand.ts).
 */
import type { FuturesBalanceResponse, SpotBalanceResponse, WalletAsset } from '../../../common/api/exchange';
import { Decimal } from '../../../common/money';
import type { Balances, Market } from '../../exchange/core/gateway';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { storedKey } from '../keys/keys';
import { DomainError } from '../errors';
import { KEY_MESSAGES } from '../keys/keys';
import { memberHoldings } from './holdings';
import { holdingsFor, moneyAtHand, type Holding } from './money-at-hand';

/** The member's balances; `fresh` asks the exchange now (balance checks before a transfer or swap). */
export async function balancesOf(deps: ExchangeDeps, userId: string, market: Market, fresh = false): Promise<Balances> {
  const exchange = exchangeOf(deps);
  const key = await storedKey(deps, userId);
  if (!key) throw new DomainError('keys.missing', KEY_MESSAGES.noKeys);
  const gateway = exchange.gateway.member(key);
  return surfaced(() => exchange.balances.read(userId, key, gateway, market, fresh));
}

/** A wallet's balances with what the member's running bots and cycles hold in it. */
async function withHoldings(
  deps: ExchangeDeps,
  userId: string,
  market: Market,
): Promise<{ balances: Balances; holdings: Holding[] }> {
  const [balances, holdings] = await Promise.all([balancesOf(deps, userId, market), memberHoldings(deps.db, userId)]);
  return { balances, holdings };
}

/** The exchange's free USDT, and of it what is free for the member and what bots hold. */
async function usdtAtHand(deps: ExchangeDeps, userId: string, market: Market) {
  const { balances, holdings } = await withHoldings(deps, userId, market);
  const { free, inBots } = moneyAtHand(balances.USDT, holdingsFor(holdings, market, 'USDT'));
  return { exchangeFree: balances.USDT?.free ?? '0', free, inBots };
}

export async function spotBalance(deps: ExchangeDeps, userId: string): Promise<SpotBalanceResponse> {
  const { exchangeFree, free, inBots } = await usdtAtHand(deps, userId, 'spot');
  return { spotusdtAmount: exchangeFree, free, inBots };
}

export async function futuresBalance(deps: ExchangeDeps, userId: string): Promise<FuturesBalanceResponse> {
  const { exchangeFree, free, inBots } = await usdtAtHand(deps, userId, 'futures');
  return { futuresusdtAmount: exchangeFree, free, inBots };
}

/**
 * Assets with a balance, valued in USDT at the last spot prices (8 decimals, rounded down), each
 * with what is free and who of the member's bots and cycles holds the rest.
 */
export async function assets(deps: ExchangeDeps, userId: string, market: Market): Promise<WalletAsset[]> {
  const { balances, holdings } = await withHoldings(deps, userId, market);
  const held = Object.entries(balances).filter(([, b]) => new Decimal(b.total).gt(0));
  const pairs = held.filter(([asset]) => asset !== 'USDT').map(([asset]) => `${asset}USDT`);
  const prices = pairs.length > 0 ? await surfaced(() => exchangeOf(deps).marketData.spotPrices(pairs)) : {};
  return held.map(([asset, b]) => {
    const price = asset === 'USDT' ? '1' : (prices[`${asset}USDT`] ?? '0');
    const value = new Decimal(b.total).times(price).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
    return { asset, balance: b.total, value, ...moneyAtHand(b, holdingsFor(holdings, market, asset)) };
  });
}
