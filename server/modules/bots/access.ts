/**
 * A member reaches only their own bots: another member's bot, an unknown id and a malformed id
 * all answer the same 404, so an id tells nobody whether it exists.
 */
import { and, eq } from 'drizzle-orm';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { bots } from '../../db/schema';
import { BOT_STATUS } from '../../runnables/bot/index';
import { DomainError } from '../errors';

export type BotRecord = typeof bots.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const botNotFound = () => new DomainError('bot.not_found', SERVER.botNotFound);
export const alreadyStopped = () => new DomainError('bot.already_stopped', SERVER.botAlreadyStopped);

/** The member's bot; `lock` takes the row (FOR UPDATE) so a settings write and its command are one step. */
export async function ownBot(db: Db, userId: string, botID: string, lock = false): Promise<BotRecord> {
  if (!UUID.test(botID)) throw botNotFound();
  const query = db
    .select()
    .from(bots)
    .where(and(eq(bots.id, botID), eq(bots.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw botNotFound();
  return row;
}

/**
 * Copy BOTs: a Live bot of any member, as GET /api/livebotdata lists them. One that stopped or
 * paused since the list was drawn, an unknown id and a malformed one are all 'no longer running'.
 */
export async function liveBotToCopy(db: Db, botID: string): Promise<BotRecord> {
  if (!UUID.test(botID)) throw new DomainError('bot.copy_source_gone', SERVER.copiedBotGone);
  const [row] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.id, botID), eq(bots.status, BOT_STATUS.live)));
  if (!row) throw new DomainError('bot.copy_source_gone', SERVER.copiedBotGone);
  return row;
}

/** Edits and stops only reach a bot that still runs (Live or Pause). */
export function assertRunning(bot: BotRecord): void {
  if (bot.status === BOT_STATUS.stopped) throw alreadyStopped();
}
