/** The Cycles operations (common/ops/cycles.ts): each one call into the cycles module. */
import type { cyclesOps } from '../../../common/ops/cycles';
import { editCycle } from '../../modules/cycles/edit';
import { cycleHistory } from '../../modules/cycles/history';
import { liveCycles } from '../../modules/cycles/live';
import { startCycle } from '../../modules/cycles/start';
import { stopCycle, stopCycleWithSell } from '../../modules/cycles/stop';
import type { OpHandlers } from '../ops/register';

export const cyclesHandlers: OpHandlers<typeof cyclesOps> = {
  'cycles:live': (_input, { deps, userId }) => liveCycles(deps, userId),
  'cycles:history': (_input, { deps, userId }) => cycleHistory(deps, userId),
  'cycles:start': (body, { deps, userId }) => startCycle(deps, userId, body),
  'cycles:edit': ({ cycle_id, buy_price, sell_price, stop_loss, no_of_cycle }, { deps, userId }) =>
    editCycle(deps, userId, cycle_id, {
      buyPrice: buy_price!,
      sellPrice: sell_price!,
      stopLoss: stop_loss!,
      noOfCycle: no_of_cycle,
    }),
  'cycles:stop': ({ cycle_id }, { deps, userId }) => stopCycle(deps, userId, cycle_id),
  'cycles:stopAndSell': ({ cycle_id }, { deps, userId }) => stopCycleWithSell(deps, userId, cycle_id),
};
