/**
 * What is drawn from a bot's trades (its sparkline, its profit per day), kept with the trade
 * count it was drawn at: the count moves with every fill, in the statement that applies it, so
 * a drawn value stands until the bot's count says it traded. One map per database, so tests and
 * processes with their own database never share; the oldest drawn go first beyond `capacity`.
 */
import type { Db } from '../../db/database';

export class DrawnByTrades<T> {
  private readonly maps = new WeakMap<Db, Map<string, { trades: number; value: T }>>();

  constructor(private readonly capacity: number) {}

  private mapOf(db: Db): Map<string, { trades: number; value: T }> {
    let map = this.maps.get(db);
    if (!map) this.maps.set(db, (map = new Map()));
    return map;
  }

  /** The bot's value drawn at `trades`, if it is kept. */
  get(db: Db, botId: string, trades: number): T | undefined {
    const drawn = this.mapOf(db).get(botId);
    return drawn?.trades === trades ? drawn.value : undefined;
  }

  set(db: Db, botId: string, trades: number, value: T): void {
    const map = this.mapOf(db);
    map.delete(botId); // re-inserted last: the oldest entries go first
    if (map.size >= this.capacity) map.delete(map.keys().next().value!);
    map.set(botId, { trades, value });
  }
}
