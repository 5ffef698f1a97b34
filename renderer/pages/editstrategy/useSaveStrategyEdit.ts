/** Saves the edited grid table of a strategy, then shows My Strategies; a failure is said in a toast. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { StrategyDetail } from '../../../common/api/strategy';
import { UI } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import type { StrategyFormRow } from '../../../common/schemas/strategy';
import { api } from '../../api/client';
import { STRATEGY_KEYS } from '../../api/strategies';
import { useMessage } from '../../app/feedback';
import { toDetailInput } from '../../components/strategy/rows';

export function useSaveStrategyEdit(detail: StrategyDetail) {
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: StrategyFormRow[]) => api.strategies.edit({ dataToSend: toDetailInput(detail, rows) }),
    onSuccess: async () => {
      message.success(UI.strategyUpdated);
      await queryClient.invalidateQueries({ queryKey: STRATEGY_KEYS.all });
      await navigate(ROUTES.myStrategies);
    },
    onError: () => {
      message.error(UI.strategyUpdateFailed);
    },
  });
}
