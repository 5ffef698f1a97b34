/** Simulated exchange accounts: API keys, spot balances, futures wallet, orders and fills. */
import { randomBytes } from 'node:crypto';
import { Decimal, ZERO } from './num';
import { SimError, type Fill, type Market, type Order } from './types';

export interface Balance {
  free: Decimal;
  locked: Decimal;
}

export interface Position {
  symbol: string;
  /** Long quantity (this simulator opens longs only). */
  amount: Decimal;
  entryPrice: Decimal;
  /** Isolated wallet of the position: the margin put in. */
  isolatedMargin: Decimal;
  updateTime: number;
}

export interface FuturesAccount {
  /** USDT wallet balance, including the isolated margin of open positions. */
  wallet: Decimal;
  positions: Map<string, Position>;
  leverage: Map<string, number>;
  marginType: Map<string, 'ISOLATED' | 'CROSSED'>;
}

export interface AccountOptions {
  balances?: Record<string, string>;
  futuresBalances?: Record<string, string>;
  canWithdraw?: boolean;
  /** true: the key is IP-restricted (reported only); a list: only these client IPs may use it. */
  ipRestrict?: boolean | string[];
}

/** One transfer between the spot and USD-M futures wallets, as GET /sapi/v1/asset/transfer lists it. */
export interface Transfer {
  tranId: number;
  type: 'MAIN_UMFUTURE' | 'UMFUTURE_MAIN';
  asset: string;
  amount: Decimal;
  timestamp: number;
  /** The simulator moves the money at once, so every transfer it records is CONFIRMED. */
  status: 'CONFIRMED';
}

export interface Account {
  uid: number;
  apiKey: string;
  secretKey: string;
  canWithdraw: boolean;
  ipRestrict: boolean | string[];
  createdAt: number;
  balances: Map<string, Balance>;
  futures: FuturesAccount;
  orders: Map<number, Order>;
  open: Map<number, Order>;
  /** Latest order per `${market}:${clientOrderId}`. */
  byClientId: Map<string, Order>;
  trades: { spot: Fill[]; futures: Fill[] };
  /** Oldest first. */
  transfers: Transfer[];
}

export const DEFAULT_LEVERAGE = 1;

function positiveAmounts(input: Record<string, string> | undefined, field: string): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  for (const [asset, amount] of Object.entries(input ?? {})) {
    if (!/^[A-Z0-9]{2,12}$/.test(asset) || !/^\d+(\.\d+)?$/.test(String(amount))) {
      throw new SimError(-1100, `Illegal ${field} entry ${asset}: ${String(amount)}`);
    }
    out.set(asset, new Decimal(amount));
  }
  return out;
}

export class AccountStore {
  private readonly byKey = new Map<string, Account>();
  /** The uid of the next account (persistence.ts saves and restores it). */
  nextUid = 100_000_001;

  create(options: AccountOptions, now: number): Account {
    const balances = new Map<string, Balance>();
    for (const [asset, amount] of positiveAmounts(options.balances, 'balances'))
      balances.set(asset, { free: amount, locked: ZERO });
    const futures = positiveAmounts(options.futuresBalances, 'futuresBalances');
    const account: Account = {
      uid: this.nextUid++,
      // Binance keys are 64 alphanumeric characters.
      apiKey: randomBytes(32).toString('hex'),
      secretKey: randomBytes(32).toString('hex'),
      canWithdraw: options.canWithdraw === true,
      ipRestrict: options.ipRestrict ?? false,
      createdAt: now,
      balances,
      futures: { wallet: futures.get('USDT') ?? ZERO, positions: new Map(), leverage: new Map(), marginType: new Map() },
      orders: new Map(),
      open: new Map(),
      byClientId: new Map(),
      trades: { spot: [], futures: [] },
      transfers: [],
    };
    this.byKey.set(account.apiKey, account);
    return account;
  }

  /** Puts back an account of a saved state (persistence.ts). */
  restore(account: Account): void {
    if (this.byKey.has(account.apiKey)) throw new Error(`two accounts with the API key of uid ${account.uid}`);
    this.byKey.set(account.apiKey, account);
  }

  get(apiKey: string): Account | undefined {
    return this.byKey.get(apiKey);
  }

  all(): IterableIterator<Account> {
    return this.byKey.values();
  }
}

export function balanceOf(account: Account, asset: string): Balance {
  let balance = account.balances.get(asset);
  if (!balance) {
    balance = { free: ZERO, locked: ZERO };
    account.balances.set(asset, balance);
  }
  return balance;
}

export function insufficientBalance(): SimError {
  return new SimError(-2010, 'Account has insufficient balance for requested action.');
}

export function credit(account: Account, asset: string, amount: Decimal): void {
  const balance = balanceOf(account, asset);
  balance.free = balance.free.add(amount);
}

export function debit(account: Account, asset: string, amount: Decimal): void {
  const balance = balanceOf(account, asset);
  if (balance.free.lt(amount)) throw insufficientBalance();
  balance.free = balance.free.sub(amount);
}

export function lock(account: Account, asset: string, amount: Decimal): void {
  debit(account, asset, amount);
  const balance = balanceOf(account, asset);
  balance.locked = balance.locked.add(amount);
}

export function unlock(account: Account, asset: string, amount: Decimal): void {
  const balance = balanceOf(account, asset);
  balance.locked = balance.locked.sub(amount);
  balance.free = balance.free.add(amount);
}

/** Spends `amount` out of what was locked for an order. */
export function spendLocked(account: Account, asset: string, amount: Decimal): void {
  const balance = balanceOf(account, asset);
  balance.locked = balance.locked.sub(amount);
}

export function clientKey(market: Market, clientOrderId: string): string {
  return `${market}:${clientOrderId}`;
}

/** Looks an order up by id or client id; -2013 when there is none. */
export function findOrder(account: Account, market: Market, symbol: string, orderId?: number, clientOrderId?: string): Order {
  const order =
    orderId !== undefined
      ? account.orders.get(orderId)
      : clientOrderId !== undefined
        ? account.byClientId.get(clientKey(market, clientOrderId))
        : undefined;
  if (!order || order.symbol !== symbol || order.market !== market) throw new SimError(-2013, 'Order does not exist.');
  return order;
}
