/** POST /api/stopbot and /api/stopbotwithsell: queue the stop for the engine (it stops, sells and records why). */
import { UI } from '../../../common/messages';
import type { CommandWait } from './commands';
import type { BotsDeps } from './deps';
import { changeBot } from './edit';

export function stopBot(deps: BotsDeps, userId: string, botID: string, wait?: CommandWait): Promise<{ message: string }> {
  return changeBot(deps, userId, botID, { kind: 'stop', success: UI.botStopped }, wait);
}

export function stopBotWithSell(deps: BotsDeps, userId: string, botID: string, wait?: CommandWait): Promise<{ message: string }> {
  return changeBot(deps, userId, botID, { kind: 'stopAndSell', success: UI.botStoppedSold }, wait);
}
