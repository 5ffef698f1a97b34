/**
 * POST /api/editcycle: the buy, sell and stop loss prices and the number of cycles, applied at
 * once by the engine (a resting order at an old price is replaced). The body schema checked
 * z <= b < s; the count is checked here against the rounds completed, on the locked row.
 */
import { UI, SERVER } from '../../../common/messages';
import { DomainError } from '../errors';
import { changeCycle } from './change';
import type { CommandWait } from './commands';
import type { CyclesDeps } from './deps';
import { progressOf } from './progress';

export interface CycleEditInput {
  buyPrice: string;
  sellPrice: string;
  stopLoss: string;
  noOfCycle: number;
}

export function editCycle(deps: CyclesDeps, userId: string, cycleId: string, edit: CycleEditInput, wait?: CommandWait): Promise<{ message: string }> {
  return changeCycle(deps, userId, cycleId, {
    kind: 'settings',
    settings: (cycle) => {
      const { completed } = progressOf(cycle);
      if (edit.noOfCycle < completed) throw new DomainError('cycle.cycles_below_completed', SERVER.cyclesBelowCompleted(completed));
      return { buyPrice: edit.buyPrice, sellPrice: edit.sellPrice, stopLoss: edit.stopLoss, noOfCycle: edit.noOfCycle };
    },
    success: UI.cycleUpdated,
  }, wait);
}
