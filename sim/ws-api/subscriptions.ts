/**
 * User Data Stream subscriptions of the WebSocket API, indexed by account so that an event reaches
 * its subscribers without scanning every connection (the server multiplexes many accounts over a
 * few connections). Limits and errors as Binance documents them: one subscription per account and
 * connection (-2035), ids from 0 per connection up to 65535 over its lifetime (-2042), at most
 * 1000 active at once.
 */
import { type Account } from '../accounts';
import { SimError } from '../types';
import { type Session } from './session';

export const MAX_ACTIVE_SUBSCRIPTIONS = 1000;
export const MAX_SUBSCRIPTION_IDS = 65_535;

export class Subscriptions {
  private readonly byAccount = new Map<Account, Map<Session, number>>();

  /** Starts a subscription of `account` on `session`; returns its subscriptionId. */
  add(session: Session, account: Account): number {
    if (this.byAccount.get(account)?.has(session)) throw new SimError(-2035, 'User Data Stream subscription already active.');
    if (session.nextSubscriptionId >= MAX_SUBSCRIPTION_IDS)
      throw new SimError(-2042, 'Maximum subscription ID reached for this connection.');
    if (session.subscriptions.size >= MAX_ACTIVE_SUBSCRIPTIONS) {
      throw new SimError(
        -1191,
        `Too many subscriptions. Connection may create up to '${MAX_ACTIVE_SUBSCRIPTIONS}' subscriptions at a time.`,
      );
    }
    const id = session.nextSubscriptionId++;
    session.subscriptions.set(id, account);
    let sessions = this.byAccount.get(account);
    if (!sessions) this.byAccount.set(account, (sessions = new Map()));
    sessions.set(session, id);
    return id;
  }

  /** Ends one subscription (-2036 when it is not active) or, without an id, all of the session's; returns the ended ids. */
  remove(session: Session, id?: number): number[] {
    if (id !== undefined && !session.subscriptions.has(id))
      throw new SimError(-2036, 'User Data Stream subscription not active.');
    const ids = id === undefined ? [...session.subscriptions.keys()] : [id];
    for (const ended of ids) {
      const account = session.subscriptions.get(ended)!;
      session.subscriptions.delete(ended);
      const sessions = this.byAccount.get(account);
      sessions?.delete(session);
      if (sessions?.size === 0) this.byAccount.delete(account);
    }
    return ids;
  }

  /** (session, subscriptionId) for every subscription of the account. */
  of(account: Account): Iterable<[Session, number]> {
    return this.byAccount.get(account) ?? [];
  }
}
