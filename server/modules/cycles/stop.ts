/** POST /api/stopcycle and /api/stopcyclewithsell: queue the stop for the engine (it cancels, sells and records why). */
import { UI } from '../../../common/messages';
import { changeCycle } from './change';
import type { CommandWait } from './commands';
import type { CyclesDeps } from './deps';

export function stopCycle(deps: CyclesDeps, userId: string, cycleId: string, wait?: CommandWait): Promise<{ message: string }> {
  return changeCycle(deps, userId, cycleId, { kind: 'stop', success: UI.cycleStopped }, wait);
}

export function stopCycleWithSell(
  deps: CyclesDeps,
  userId: string,
  cycleId: string,
  wait?: CommandWait,
): Promise<{ message: string }> {
  return changeCycle(deps, userId, cycleId, { kind: 'stopAndSell', success: UI.cycleStoppedSold }, wait);
}
