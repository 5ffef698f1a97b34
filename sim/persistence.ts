/**
 * The simulator's state on disk, so its accounts outlive a restart as a real exchange's do.
 *
 * `toState(core)` and `restoreState(core, state)` are pure conversions between the core and a
 * JSON document (version 1): every account with its keys, spot balances, futures wallet,
 * positions, leverage and margin-type maps, orders (open ones go back into the resting books),
 * the client-id index, trades and transfers; the id counters and the last price of every symbol.
 * Amounts are decimal strings, never floats. An order lists its fills by trade id: the fill
 * objects themselves are stored once, in the account's trades. Listen keys and WebSocket
 * subscriptions are not state (clients reconnect); neither are faults, weights or the price
 * history before the restart (charts get a fresh synthetic past ending at the saved price).
 * Reading it back is state-readers.ts; the file, state-file.ts.
 */
import { type Account, type Transfer } from './accounts';
import { type IdCounters } from './context';
import { type SimulatorCore } from './core';
import { decimal, decimalText, int, list, readAccount, record, StateError } from './state-readers';
import { type Fill, type Order, type SymbolSeed } from './types';

export const STATE_VERSION = 1;

export interface SavedPosition {
  symbol: string;
  amount: string;
  entryPrice: string;
  isolatedMargin: string;
  updateTime: number;
}

/** An order as saved: its fills by trade id (they are in the account's trades of its market). */
export type SavedOrder = Omit<Order, 'fills'> & { fills: number[] };

export type SavedTransfer = Omit<Transfer, 'amount'> & { amount: string };

export interface SavedAccount extends Pick<Account, 'uid' | 'apiKey' | 'secretKey' | 'canWithdraw' | 'ipRestrict' | 'createdAt'> {
  balances: Record<string, { free: string; locked: string }>;
  futures: {
    wallet: string;
    positions: SavedPosition[];
    leverage: Record<string, number>;
    marginType: Record<string, 'ISOLATED' | 'CROSSED'>;
  };
  /** Every order, oldest first. */
  orders: SavedOrder[];
  /** Ids of the open orders, in the account's order. */
  open: number[];
  /** `${market}:${clientOrderId}` -> the latest order with that client id. */
  byClientId: Record<string, number>;
  trades: { spot: Fill[]; futures: Fill[] };
  transfers: SavedTransfer[];
}

export interface SimulatorState {
  version: typeof STATE_VERSION;
  savedAt: number;
  nextUid: number;
  ids: IdCounters;
  /** Last price of every symbol. */
  prices: Record<string, string>;
  /** In creation order. */
  accounts: SavedAccount[];
}

// ---------------------------------------------------------------------------------------------
// Core -> state

// Fills, and orders but for their fills (saved as trade ids), hold primitives only, and every one
// is built field by field (context.ts, state-readers.ts): a spread copies exactly their fields.
function order(o: Order): SavedOrder {
  return { ...o, fills: o.fills.map((f) => f.tradeId) };
}

function account(a: Account): SavedAccount {
  return {
    uid: a.uid,
    apiKey: a.apiKey,
    secretKey: a.secretKey,
    canWithdraw: a.canWithdraw,
    ipRestrict: Array.isArray(a.ipRestrict) ? [...a.ipRestrict] : a.ipRestrict,
    createdAt: a.createdAt,
    balances: Object.fromEntries(
      [...a.balances].map(([asset, b]) => [asset, { free: b.free.toFixed(), locked: b.locked.toFixed() }]),
    ),
    futures: {
      wallet: a.futures.wallet.toFixed(),
      positions: [...a.futures.positions.values()].map((p) => ({
        symbol: p.symbol,
        amount: p.amount.toFixed(),
        entryPrice: p.entryPrice.toFixed(),
        isolatedMargin: p.isolatedMargin.toFixed(),
        updateTime: p.updateTime,
      })),
      leverage: Object.fromEntries(a.futures.leverage),
      marginType: Object.fromEntries(a.futures.marginType),
    },
    orders: [...a.orders.values()].map(order),
    open: [...a.open.keys()],
    byClientId: Object.fromEntries([...a.byClientId].map(([key, o]) => [key, o.orderId])),
    trades: { spot: a.trades.spot.map((f) => ({ ...f })), futures: a.trades.futures.map((f) => ({ ...f })) },
    transfers: a.transfers.map((t) => ({
      tranId: t.tranId,
      type: t.type,
      asset: t.asset,
      amount: t.amount.toFixed(),
      timestamp: t.timestamp,
      status: t.status,
    })),
  };
}

/** The whole exchange state as a JSON-ready document. */
export function toState(core: SimulatorCore): SimulatorState {
  return {
    version: STATE_VERSION,
    savedAt: core.now(),
    nextUid: core.accounts.nextUid,
    ids: { ...core.ids },
    prices: Object.fromEntries(core.book.symbols().map((s) => [s, core.book.price(s).toFixed()])),
    accounts: [...core.accounts.all()].map(account),
  };
}

// ---------------------------------------------------------------------------------------------
// State -> core. The document is checked as it is read: a damaged file must fail loudly, never
// become an account with NaN in it.

/** The symbols to start with, each at its saved last price (the walk and the history continue from it). */
export function seedsAtSavedPrices(symbols: SymbolSeed[], state: SimulatorState | null): SymbolSeed[] {
  if (!state) return symbols;
  const prices = record(state.prices, 'prices');
  return symbols.map((s) =>
    prices[s.symbol] === undefined ? s : { ...s, price: decimalText(prices[s.symbol], `prices.${s.symbol}`) },
  );
}

/**
 * Loads a saved state into a fresh core (no accounts yet, nothing listening): accounts, counters,
 * prices (symbols the core does not list are skipped), open orders back into the resting books in
 * placement order and positions back under liquidation watch. Throws on a malformed document.
 */
export function restoreState(core: SimulatorCore, state: SimulatorState): void {
  if (state.version !== STATE_VERSION) throw new StateError(`unknown version ${JSON.stringify(state.version)}`);
  const ids = record(state.ids, 'ids');
  const counters: IdCounters = {
    order: int(ids.order, 'ids.order'),
    trade: int(ids.trade, 'ids.trade'),
    transfer: int(ids.transfer, 'ids.transfer'),
  };
  const nextUid = int(state.nextUid, 'nextUid');
  const prices = Object.entries(record(state.prices, 'prices')).map(
    ([symbol, price]) => [symbol, decimal(price, `prices.${symbol}`)] as const,
  );
  const accounts = list(state.accounts, 'accounts').map((a, i) => readAccount(a, `accounts[${i}]`));
  if ([...core.accounts.all()].length > 0) throw new Error('restoreState needs a core without accounts');
  const uids = new Set(accounts.map((a) => a.uid));
  if (uids.size !== accounts.length) throw new StateError('accounts: two accounts with the same uid');
  // The counters of a consistent file are already past every id in it; a hand-edited one must not make ids repeat.
  const past = (ids: number[], next: number) => ids.reduce((max, id) => Math.max(max, id + 1), next);
  counters.order = past(
    accounts.flatMap((a) => [...a.orders.keys()]),
    counters.order,
  );
  counters.trade = past(
    accounts.flatMap((a) => [...a.trades.spot, ...a.trades.futures].map((f) => f.tradeId)),
    counters.trade,
  );
  counters.transfer = past(
    accounts.flatMap((a) => a.transfers.map((t) => t.tranId)),
    counters.transfer,
  );

  for (const [symbol, price] of prices) {
    if (core.book.specs.has(symbol) && !core.book.price(symbol).eq(price)) core.book.set(symbol, price, core.now());
  }
  for (const a of accounts) core.accounts.restore(a);
  core.accounts.nextUid = past([...uids], nextUid);
  Object.assign(core.ids, counters);
  const open = accounts.flatMap((a) => [...a.open.values()].map((o) => ({ account: a, order: o })));
  for (const { account: a, order: o } of open.sort((x, y) => x.order.orderId - y.order.orderId)) {
    if (o.market === 'spot') core.spot.restoreOpen(a, o);
    else core.futures.restoreOpen(a, o);
  }
  for (const a of accounts) for (const symbol of a.futures.positions.keys()) core.futures.restorePosition(a, symbol);
}

/** Parses a state file's text; throws on anything but a version-1 state document. */
export function parseState(json: string): SimulatorState {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new StateError(`not JSON (${(error as Error).message})`);
  }
  const state = record(value, 'the document');
  if (state.version !== STATE_VERSION) {
    throw new StateError(`unknown version ${JSON.stringify(state.version)} (this simulator reads version ${STATE_VERSION})`);
  }
  return state as unknown as SimulatorState;
}
