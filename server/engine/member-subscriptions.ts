/**
 * One user-data subscription per member on a stream pool, held while any of their bots runs in
 * this engine: each running bot counts once, and the member is heard until the last one goes.
 */
import type { MemberStreams } from '../exchange/services';
import type { StreamListener } from '../exchange/user-streams/stream-pool';

export class MemberSubscriptions<M> {
  private readonly members = new Map<string, number>();

  constructor(
    private readonly pool: MemberStreams<M>,
    /** Names the subscriptions in the pool, which other users share (balances). */
    private readonly prefix: string,
    private readonly listenerOf: (userId: string) => StreamListener,
  ) {}

  /** A bot of `userId` runs here now. */
  watch(userId: string, member: M): void {
    const count = this.members.get(userId) ?? 0;
    this.members.set(userId, count + 1);
    if (count === 0) this.pool.add(this.idOf(userId), member, this.listenerOf(userId));
  }

  unwatch(userId: string): void {
    const count = this.members.get(userId) ?? 0;
    if (count > 1) return void this.members.set(userId, count - 1);
    this.members.delete(userId);
    this.pool.remove(this.idOf(userId));
  }

  close(): void {
    for (const userId of this.members.keys()) this.pool.remove(this.idOf(userId));
    this.members.clear();
  }

  private idOf(userId: string): string {
    return `${this.prefix}:${userId}`;
  }
}
