/** What the domain core tells the outside (WebSocket streams) when something happens. */
import { type Account } from './accounts';
import { type Decimal } from './num';
import { type Fill, type Order } from './types';

export interface SimEvents {
  /** An order was accepted, filled, cancelled or expired (fill set when it traded). */
  order(account: Account, order: Order, fill: Fill | null): void;
  /** Spot balances of these assets changed. */
  balances(account: Account, assets: string[]): void;
  /** Spot balance moved in or out by a transfer (Binance's balanceUpdate). */
  balanceDelta(account: Account, asset: string, delta: Decimal): void;
  /** The futures wallet changed, and with it the position in `symbol` when one is named. */
  futuresAccount(
    account: Account,
    reason: 'ORDER' | 'DEPOSIT' | 'WITHDRAW' | 'LIQUIDATION' | 'MARGIN_TYPE_CHANGE',
    symbol?: string,
  ): void;
  /** A public trade (for <symbol>@trade). */
  trade(symbol: string, fill: Fill): void;
  /** A price changed (for tickers and klines). */
  price(symbol: string): void;
  /** An account was opened (control API). */
  accountCreated(account: Account): void;
  /** A per-symbol futures setting (leverage) changed: Binance's ACCOUNT_CONFIG_UPDATE. */
  futuresConfig(account: Account, symbol: string): void;
}

export class EventHub implements SimEvents {
  private readonly listeners: Partial<SimEvents>[] = [];

  add(listener: Partial<SimEvents>): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  order(account: Account, order: Order, fill: Fill | null): void {
    for (const l of this.listeners) l.order?.(account, order, fill);
  }
  balances(account: Account, assets: string[]): void {
    for (const l of this.listeners) l.balances?.(account, assets);
  }
  balanceDelta(account: Account, asset: string, delta: Decimal): void {
    for (const l of this.listeners) l.balanceDelta?.(account, asset, delta);
  }
  futuresAccount(account: Account, reason: Parameters<SimEvents['futuresAccount']>[1], symbol?: string): void {
    for (const l of this.listeners) l.futuresAccount?.(account, reason, symbol);
  }
  trade(symbol: string, fill: Fill): void {
    for (const l of this.listeners) l.trade?.(symbol, fill);
  }
  price(symbol: string): void {
    for (const l of this.listeners) l.price?.(symbol);
  }
  accountCreated(account: Account): void {
    for (const l of this.listeners) l.accountCreated?.(account);
  }
  futuresConfig(account: Account, symbol: string): void {
    for (const l of this.listeners) l.futuresConfig?.(account, symbol);
  }
}
