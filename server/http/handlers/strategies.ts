/**
 * The strategy operations (common/ops/strategies.ts): create, the lists, detail, edit, delete,
 * the grid count and the backtest. Each is one call into its module; the commands answer SPEC's
 * message.
 */
import { SERVER } from '../../../common/messages';
import type { strategiesOps } from '../../../common/ops/strategies';
import { runMarketBacktest } from '../../modules/backtest/backtest';
import {
  createStrategy,
  deleteStrategy,
  editStrategy,
  gridCount,
  strategyDetail,
  strategyList,
} from '../../modules/strategies/strategies';
import type { OpHandlers } from '../ops/register';

export const strategiesHandlers: OpHandlers<typeof strategiesOps> = {
  'strategies:create': async (body, { deps, userId }) => {
    await createStrategy(deps.db, userId, body);
    return { message: SERVER.strategySaved };
  },
  'strategies:list': (_input, { deps, userId }) => strategyList(deps.db, userId, 'member'),
  'strategies:mine': (_input, { deps, userId }) => strategyList(deps.db, userId, 'member', 'advanced'),
  'strategies:system': (_input, { deps, userId }) => strategyList(deps.db, userId, 'system', 'advanced'),
  'strategies:mineScalping': (_input, { deps, userId }) => strategyList(deps.db, userId, 'member', 'scalping'),
  'strategies:systemScalping': (_input, { deps, userId }) => strategyList(deps.db, userId, 'system', 'scalping'),
  'strategies:detail': ({ strategy_name }, { deps, userId }) => strategyDetail(deps.db, userId, strategy_name),
  'strategies:edit': async ({ dataToSend }, { deps, userId }) => {
    await editStrategy(deps.db, userId, dataToSend);
    return { message: SERVER.strategyUpdated };
  },
  'strategies:delete': async ({ strategy_name }, { deps, userId }) => {
    await deleteStrategy(deps.db, userId, strategy_name);
    return { message: SERVER.strategyDeleted };
  },
  'strategies:gridCount': async ({ strategyName }, { deps, userId }) => ({
    noOfGrid: await gridCount(deps.db, userId, strategyName),
  }),
  'strategies:backtest': (body, { deps, userId }) => runMarketBacktest(deps, userId, body),
};
