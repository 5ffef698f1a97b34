/**
 * The one path of every member change to a running bot: lock the bot, refuse a stopped one,
 * write the settings columns and queue the engine's command in the same transaction, then
 * wait for the engine's verdict (commands.ts, on the runnables' one command path).
 */
import { eq } from 'drizzle-orm';
import { bots } from '../../db/schema';
import type { CommandKind } from '../../runnables/bot/index';
import { assertRunning, ownBot, type BotRecord } from './access';
import { botCommandPath, type CommandWait } from './commands';
import type { BotsDeps } from './deps';

export type SettingsColumns = Partial<
  Pick<BotRecord, 'profitBook' | 'pausePrice' | 'restartPrice' | 'stoplossPrice' | 'overbuyProtection'>
>;

export interface BotChange {
  kind: CommandKind;
  /** The columns to write, decided on the locked row (may throw a validation error). */
  settings?: (bot: BotRecord) => SettingsColumns;
  success: string;
}

export async function changeBot(
  deps: BotsDeps,
  userId: string,
  botID: string,
  change: BotChange,
  wait?: CommandWait,
): Promise<{ message: string }> {
  const commandId = await deps.db.transaction(async (tx) => {
    const bot = await ownBot(tx, userId, botID, true);
    assertRunning(bot);
    const settings = change.settings?.(bot);
    if (settings && Object.keys(settings).length > 0) await tx.update(bots).set(settings).where(eq(bots.id, bot.id));
    return botCommandPath.queue(tx, bot.id, change.kind);
  });
  return botCommandPath.settle(deps.db, deps.notifications, commandId, change.success, wait);
}
