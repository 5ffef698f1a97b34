/** What the bots and cycles modules run on: the app's database, exchange services (prices), clock and notifications. */
import type { NotificationFeed } from '../../db/notifications';
import type { Clock } from '../clock';
import type { ExchangeDeps } from '../keys/exchange-deps';

export interface RunnableDeps extends ExchangeDeps {
  /** Runtime days and APY are counted to this clock's now; tests move it. */
  clock: Clock;
  /** Wakes a member command's wait when the engine answers it (absent: the wait polls). */
  notifications?: NotificationFeed;
}
