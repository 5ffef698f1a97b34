/**
 * The user-data events of an account in Binance's payloads, for every transport that delivers them
 * (listenKey streams in ws.ts, WebSocket API subscriptions in ws-api/): one place decides which
 * core event becomes which Binance event, and for which market.
 */
import { type Account } from './accounts';
import { type SimulatorCore } from './core';
import { type Market } from './types';
import { accountUpdate, orderTradeUpdate } from './wire/futures';
import { accountPosition, executionReport } from './wire/spot';

/** `build` is lazy and memoised: nobody listening costs nothing, many listeners share one payload. */
export type UserEventSink = (account: Account, market: Market, build: () => Record<string, unknown>) => void;

function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/** Feeds `sink` with every user event of the core; returns the unsubscribe function. */
export function listenUserEvents(core: SimulatorCore, sink: UserEventSink): () => void {
  const emit = (account: Account, market: Market, build: () => Record<string, unknown>) => sink(account, market, once(build));
  return core.events.add({
    order: (account, order, fill) =>
      order.market === 'spot'
        ? emit(account, 'spot', () => executionReport(order, fill, core.now()))
        : emit(account, 'futures', () => orderTradeUpdate(order, fill, core.now())),
    balances: (account, assets) => emit(account, 'spot', () => accountPosition(account, assets, core.now())),
    balanceDelta: (account, asset, delta) =>
      emit(account, 'spot', () => ({ e: 'balanceUpdate', E: core.now(), a: asset, d: delta.toFixed(8), T: core.now() })),
    futuresAccount: (account, reason, symbol) =>
      emit(account, 'futures', () => accountUpdate(core.book, account, reason, core.now(), symbol)),
  });
}
