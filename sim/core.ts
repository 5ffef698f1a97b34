/** The simulator's domain core: prices, accounts, spot and futures engines, transfers. No HTTP. */
import { type Account, type AccountOptions, AccountStore, credit, debit, type Transfer } from './accounts';
import { type EngineContext, type IdCounters } from './context';
import { EventHub } from './events';
import { FuturesEngine } from './futures';
import { Decimal, parseDecimal } from './num';
import { PriceBook } from './prices';
import { SpotEngine } from './spot';
import { toSpec } from './symbols';
import { type Faults, type Market, NO_FAULTS, type Order, SimError, type SymbolSeed } from './types';

export interface CoreOptions {
  seed: number;
  symbols: SymbolSeed[];
  feeRate: string;
  now: () => number;
}

export type TransferType = Transfer['type'];

/** A page of GET /sapi/v1/asset/transfer: one type, an optional time window (inclusive), 1-based. */
export interface TransferQuery {
  type: string;
  startTime?: number;
  endTime?: number;
  current: number;
  size: number;
}

function transferType(type: string): TransferType {
  if (type !== 'MAIN_UMFUTURE' && type !== 'UMFUTURE_MAIN') throw new SimError(-1100, `Unsupported transfer type ${type}.`);
  return type;
}

export class SimulatorCore {
  readonly events = new EventHub();
  readonly accounts = new AccountStore();
  readonly book: PriceBook;
  readonly spot: SpotEngine;
  readonly futures: FuturesEngine;
  readonly now: () => number;
  readonly startedAt: number;
  readonly feeRate: Decimal;
  faults: Faults = { ...NO_FAULTS };
  /** The next order, trade and transfer ids, shared by both engines. */
  readonly ids: IdCounters = { order: 1_000_001, trade: 5_000_001, transfer: 1_000_000_001 };

  constructor(options: CoreOptions) {
    this.now = options.now;
    this.startedAt = options.now();
    this.book = new PriceBook(options.symbols.map(toSpec), options.seed, this.startedAt);
    this.feeRate = new Decimal(options.feeRate);
    const ctx: EngineContext = { book: this.book, feeRate: this.feeRate, events: this.events, now: this.now, ids: this.ids };
    this.spot = new SpotEngine(ctx);
    this.futures = new FuturesEngine(ctx);
  }

  createAccount(options: AccountOptions): Account {
    const account = this.accounts.create(options, this.now());
    this.events.accountCreated(account);
    return account;
  }

  /** Sets a price exactly and fills whatever it crosses (spot and futures), liquidations included. */
  setPrice(symbol: string, price: string): void {
    const value = parseDecimal(price);
    if (!value || value.lte(0)) throw new SimError(-1100, `Illegal price ${price}`);
    this.book.set(symbol, value, this.now());
    this.afterPrice(symbol, value);
  }

  /**
   * Executes `quantity` of the account's resting limit `clientOrderId` at its limit price, as a
   * maker trade (PARTIALLY_FILLED; the rest fills when the price crosses it). `market` unset: the
   * one open order with that client id, spot or USD-M.
   */
  fillPartially(account: Account, clientOrderId: string, quantity: string, market?: Market): Order {
    const open = [...account.open.values()].filter(
      (o) => o.clientOrderId === clientOrderId && (market === undefined || o.market === market),
    );
    if (open.length > 1)
      throw new SimError(-1100, `Both a spot and a USD-M order are open as ${clientOrderId}: name the market.`);
    const on = market ?? open[0]?.market ?? 'spot';
    return on === 'spot'
      ? this.spot.fillPartially(account, clientOrderId, quantity)
      : this.futures.fillPartially(account, clientOrderId, quantity);
  }

  /** One step of the seeded random walk. */
  walk(): void {
    for (const symbol of this.book.walk(this.now())) this.afterPrice(symbol, this.book.price(symbol));
  }

  transfer(account: Account, typeText: string, asset: string, amountText: string): number {
    const amount = parseDecimal(amountText);
    if (!amount || amount.lte(0)) throw new SimError(-1100, "Illegal characters found in parameter 'amount'.");
    const type = transferType(typeText);
    if (asset !== 'USDT')
      throw new SimError(-5013, 'Asset transfer failed: only USDT moves between spot and USD-M futures here.');
    if (type === 'MAIN_UMFUTURE') {
      try {
        debit(account, asset, amount);
      } catch {
        throw new SimError(-5013, 'Asset transfer failed: insufficient balance');
      }
      account.futures.wallet = account.futures.wallet.add(amount);
    } else {
      if (this.futures.available(account).lt(amount)) throw new SimError(-5013, 'Asset transfer failed: insufficient balance');
      account.futures.wallet = account.futures.wallet.sub(amount);
      credit(account, asset, amount);
    }
    const tranId = this.ids.transfer++;
    account.transfers.push({ tranId, type, asset, amount, timestamp: this.now(), status: 'CONFIRMED' });
    // Binance tells the spot user stream twice: balanceUpdate (the delta) and outboundAccountPosition.
    this.events.balanceDelta(account, asset, type === 'MAIN_UMFUTURE' ? amount.neg() : amount);
    this.events.balances(account, [asset]);
    this.events.futuresAccount(account, type === 'MAIN_UMFUTURE' ? 'DEPOSIT' : 'WITHDRAW');
    return tranId;
  }

  /** The account's transfers of one type, newest first, as Binance pages them. */
  transferHistory(account: Account, query: TransferQuery): { total: number; rows: Transfer[] } {
    const type = transferType(query.type);
    const matching = account.transfers.filter(
      (t) =>
        t.type === type &&
        (query.startTime === undefined || t.timestamp >= query.startTime) &&
        (query.endTime === undefined || t.timestamp <= query.endTime),
    );
    const newestFirst = matching.reverse();
    const from = (query.current - 1) * query.size;
    return { total: newestFirst.length, rows: newestFirst.slice(from, from + query.size) };
  }

  private afterPrice(symbol: string, price: Decimal): void {
    this.spot.onPrice(symbol, price);
    this.futures.onPrice(symbol, price);
    this.events.price(symbol);
  }
}
