/**
 * Bot cards (SPEC 'Live bot') as the JSON GET /api/botstatus and /api/livebotdata send. Every
 * open desktop polls botstatus every 10 s, and a card's two long parts, the sparkline and the
 * profit per day, only change when the bot trades: both are kept as JSON per bot with the trade
 * count they were drawn at, and a poll writes only the short fields around them. Writing the
 * whole card on every poll took a fifth of the server's time on that route (bench:api profile).
 */
import type { LiveBot } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { DrawnByTrades } from '../runnables/drawn-by-trades';
import { datewiseProfitOf } from './snapshot-read';

/** A card without its two long parts. */
export type CardHead = Omit<LiveBot, 'sparklineData' | 'datewiseprofit'>;

/** At most this many bots' profit per day (a month of days is about 1 KB). */
const drawnDays = new DrawnByTrades<string>(50_000);

/**
 * The bot's profit per day as JSON, from `source`, the text of its state's `datewise` (null when
 * the engine has not run it). The grid core changes that map only where it counts a trade
 * (applyFill), and `trades` comes from the same row as `source`, so a drawn map stands until the
 * count moves.
 */
export function datewiseJson(db: Db, botId: string, trades: number, source: string | null): string {
  const drawn = drawnDays.get(db, botId, trades);
  if (drawn !== undefined) return drawn;
  const json = JSON.stringify(datewiseProfitOf(source === null ? null : JSON.parse(source)));
  drawnDays.set(db, botId, trades, json);
  return json;
}

/** One card: `head` written now, the sparkline and the profit per day as drawn (JSON). */
export function cardJson(head: CardHead, sparklineJson: string, datewiseProfitJson: string): string {
  const written = JSON.stringify(head);
  return `${written.slice(0, -1)},"sparklineData":${sparklineJson},"datewiseprofit":${datewiseProfitJson}}`;
}
