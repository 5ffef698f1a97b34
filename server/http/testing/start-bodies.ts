/** POST /api/startbotdata bodies the route tests and the e2e suites share. */
import type { StartBotRequest } from '../../../common/api/bots';

/**
 * A Spot Advanced Multigrid bot of 500 USDT on SOLUSDT with the default system strategy, as the
 * Start bot form sends it with nothing optional filled in; tests spread it and change a field.
 */
export const SPOT_BOT_START: StartBotRequest = {
  selectPair: 'SOLUSDT',
  myStrategy: 'System Strategy',
  amount: 500,
  category: 'Spot',
  botType: 'Advanced Multigrid',
  leverage: null,
  profitbookat: null,
};
