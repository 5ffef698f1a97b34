/** One WebSocket API connection: its socket, client address, options and user-data subscriptions. */
import { type WebSocket } from 'ws';
import { type Account } from '../accounts';
import { sendCoalesced } from '../coalesced-send';

export class Session {
  /** Active subscriptions by subscriptionId. */
  readonly subscriptions = new Map<number, Account>();
  /** The next subscriptionId: per connection, from 0, never reused. */
  nextSubscriptionId = 0;

  constructor(
    readonly socket: WebSocket,
    readonly ip: string,
    readonly connectedSince: number,
    /** The connection's default for responses' rateLimits (`?returnRateLimits=false` turns it off). */
    readonly returnRateLimits: boolean,
  ) {}

  send(frame: unknown): void {
    sendCoalesced(this.socket, typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
}
