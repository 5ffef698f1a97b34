/** Edit Cycle's save: the four values as typed, trimmed, applied at once to the live cycle. */
import type { FormInstance } from 'antd';
import type { LiveCycle } from '../../../common/api/cycles';
import { isApiError } from '../../api/bridge';
import { api } from '../../api/client';
import { EDIT_MESSAGES } from './cycleErrors';
import { useCycleCommand } from './useCycleCommand';

export interface EditCycleValues {
  buy_price: string;
  sell_price: string;
  stop_loss: string;
  no_of_cycle: string;
}

export function useEditCycle(cycle: LiveCycle, form: FormInstance<EditCycleValues>, onClose: () => void) {
  return useCycleCommand(
    (v: EditCycleValues) =>
      api.cycles.edit({
        cycle_id: cycle.id,
        buy_price: v.buy_price.trim(),
        sell_price: v.sell_price.trim(),
        stop_loss: v.stop_loss.trim(),
        no_of_cycle: v.no_of_cycle.trim(),
      }),
    EDIT_MESSAGES,
    onClose,
    (error) => {
      // The rounds already done are the server's to know: its words go under the field.
      if (isApiError(error) && error.reason === 'cycle.cycles_below_completed') {
        form.setFields([{ name: 'no_of_cycle', errors: [error.message] }]);
      }
    },
  );
}
