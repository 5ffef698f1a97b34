/**
 * When the simulator accepted each order of an account, by clientOrderId, and a hook run inside
 * the exchange at the very instant it accepts the next one (the kill -9 tests SIGKILL the engine
 * there: the order is on the exchange, its answer never reaches the engine).
 */
import { performance } from 'node:perf_hooks';
import type { SimExchange } from './harness';

type Account = NonNullable<ReturnType<SimExchange['simulator']['core']['accounts']['get']>>;

export interface ExchangeAccepts {
  /** performance.now() of each order's acceptance, by clientOrderId. */
  readonly accepted: ReadonlyMap<string, number>;
  /** Runs `hook` once, inside the exchange, as it accepts the next order (null: none). */
  onNextAccept(hook: (() => void) | null): void;
}

export function watchAccepts(account: Account): ExchangeAccepts {
  const accepted = new Map<string, number>();
  let next: (() => void) | null = null;
  const register = account.orders.set.bind(account.orders);
  account.orders.set = (id, order) => {
    const result = register(id, order);
    if (!accepted.has(order.clientOrderId)) accepted.set(order.clientOrderId, performance.now());
    const hook = next;
    next = null;
    hook?.();
    return result;
  };
  return {
    accepted,
    onNextAccept: (hook) => {
      next = hook;
    },
  };
}
