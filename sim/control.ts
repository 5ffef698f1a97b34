/** The control API's in-process twin: what tests, the demo seed and support staff drive. */
import { type AccountOptions } from './accounts';
import { type SimulatorCore } from './core';
import { fmt8 } from './num';
import { type Faults, type Market, NO_FAULTS, type Order, SimError } from './types';

export interface AccountSnapshot {
  apiKey: string;
  canWithdraw: boolean;
  ipRestrict: boolean | string[];
  balances: Record<string, { free: string; locked: string }>;
  futures: {
    walletBalance: string;
    availableBalance: string;
    positions: Array<{
      symbol: string;
      amount: string;
      entryPrice: string;
      isolatedMargin: string;
      leverage: number;
      liquidationPrice: string;
    }>;
  };
  openOrders: OrderSnapshot[];
  trades: Array<{
    market: string;
    symbol: string;
    tradeId: number;
    orderId: number;
    side: string;
    price: string;
    qty: string;
    commission: string;
    commissionAsset: string;
    realizedPnl?: string;
    time: number;
  }>;
}

export interface OrderSnapshot {
  market: string;
  symbol: string;
  orderId: number;
  clientOrderId: string;
  side: string;
  type: string;
  price: string;
  origQty: string;
  executedQty: string;
  status: string;
}

export type FaultSettings = Partial<Faults> & { dropStreams?: boolean; failAfterAccept?: number };

export interface SimulatorControl {
  createAccount(options: AccountOptions): { apiKey: string; secretKey: string };
  setPrice(symbol: string, price: string): void;
  getPrice(symbol: string): string;
  getAccount(apiKey: string): AccountSnapshot | null;
  /** Merges fault settings; dropStreams closes every WebSocket now, streams and WebSocket API alike (one-shot). */
  setFaults(faults: FaultSettings): Faults;
  clearFaults(): void;
  /**
   * Executes `quantity` (decimal string, whole steps, less than what is left) of a resting limit
   * order at its limit price as a maker trade, with fees and balances as a fill when the price
   * crosses it: the order is PARTIALLY_FILLED and rests on; the price crossing it fills the rest.
   * `market` is needed only when a spot and a USD-M order share the client id.
   */
  fillPartially(apiKey: string, clientOrderId: string, quantity: string, market?: Market): OrderSnapshot;
  /** One step of the random walk, now (tests; the timer does this when randomWalk is on). */
  walk(): void;
  /** Forgets request-weight windows and IP bans. */
  resetWeights(): void;
}

const orderSnapshot = (o: Order): OrderSnapshot => ({
  market: o.market,
  symbol: o.symbol,
  orderId: o.orderId,
  clientOrderId: o.clientOrderId,
  side: o.side,
  type: o.type,
  price: o.price,
  origQty: o.origQty,
  executedQty: o.executedQty,
  status: o.status,
});

export function snapshot(core: SimulatorCore, apiKey: string): AccountSnapshot | null {
  const a = core.accounts.get(apiKey);
  if (!a) return null;
  return {
    apiKey,
    canWithdraw: a.canWithdraw,
    ipRestrict: a.ipRestrict,
    balances: Object.fromEntries([...a.balances].map(([k, b]) => [k, { free: fmt8(b.free), locked: fmt8(b.locked) }])),
    futures: {
      walletBalance: fmt8(a.futures.wallet),
      availableBalance: fmt8(core.futures.available(a)),
      positions: [...a.futures.positions.values()].map((p) => ({
        symbol: p.symbol,
        amount: p.amount.toFixed(),
        entryPrice: p.entryPrice.toFixed(),
        isolatedMargin: p.isolatedMargin.toFixed(),
        leverage: core.futures.leverage(a, p.symbol),
        liquidationPrice: core.futures.liquidationPrice(p).toFixed(),
      })),
    },
    openOrders: [...a.open.values()].map(orderSnapshot),
    trades: (['spot', 'futures'] as const).flatMap((market) =>
      a.trades[market].map((f) => ({
        market,
        symbol: f.symbol,
        tradeId: f.tradeId,
        orderId: f.orderId,
        side: f.side,
        price: f.price,
        qty: f.qty,
        commission: f.commission,
        commissionAsset: f.commissionAsset,
        realizedPnl: f.realizedPnl,
        time: f.time,
      })),
    ),
  };
}

export function createControl(core: SimulatorCore, hooks: { dropStreams(): void; resetWeights(): void }): SimulatorControl {
  return {
    createAccount: (options) => {
      const a = core.createAccount(options);
      return { apiKey: a.apiKey, secretKey: a.secretKey };
    },
    setPrice: (symbol, price) => core.setPrice(symbol, price),
    getPrice: (symbol) => core.book.price(symbol).toFixed(),
    getAccount: (apiKey) => snapshot(core, apiKey),
    setFaults: ({ dropStreams, failAfterAccept, ...rest }) => {
      core.faults = { ...core.faults, ...rest };
      if (failAfterAccept !== undefined) core.faults.failAfterAcceptCount = failAfterAccept;
      if (dropStreams) hooks.dropStreams();
      return { ...core.faults };
    },
    clearFaults: () => {
      core.faults = { ...NO_FAULTS };
    },
    fillPartially: (apiKey, clientOrderId, quantity, market) => {
      const account = core.accounts.get(apiKey);
      if (!account) throw new SimError(-2015, 'Invalid API-key, IP, or permissions for action.');
      return orderSnapshot(core.fillPartially(account, clientOrderId, quantity, market));
    },
    walk: () => core.walk(),
    resetWeights: () => hooks.resetWeights(),
  };
}
