/** Start New Cycle's data (features, pairs, the pair's live price) and the start call. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartCycleRequest } from '../../../common/api/cycles';
import { UI } from '../../../common/messages';
import { api } from '../../api/client';
import { CYCLE_KEYS } from '../../api/cycles';
import { useMessage } from '../../app/feedback';
import { usePairChoice } from '../../components/runnables/usePairChoice';
import { startCycleErrorMessage } from './cycleErrors';

/** Start New Cycle reads what every start form reads to pick its pair, and nothing more. */
export const useStartCycleData = usePairChoice;

/** Sends the form as it is: the server checks it and its refusal is what the member reads (SPEC section 5). */
export function useStartCycle() {
  const message = useMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StartCycleRequest) => api.cycles.start(request),
    onSuccess: async () => {
      message.success(UI.cycleStarting);
      await queryClient.invalidateQueries({ queryKey: CYCLE_KEYS.live });
    },
    onError: (error) => {
      message.error(startCycleErrorMessage(error));
    },
  });
}
