/** What the wallet operations and their reconciler run on: the exchange deps plus the app clock. */
import type { Clock } from '../clock';
import type { ExchangeDeps } from '../keys/exchange-deps';

export interface WalletDeps extends ExchangeDeps {
  /** Record times and ages (the reconciler's age limits); tests move it. */
  clock: Clock;
}
