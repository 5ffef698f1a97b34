/** Every operations table, for what reads them all (the desktop's test server checks replies against them). */
import { accountOps } from './account';
import { billingOps } from './billing';
import { botsOps } from './bots';
import { cyclesOps } from './cycles';
import { dashboardOps } from './dashboard';
import type { OpTable } from './define';
import { exchangeOps } from './exchange';
import { strategiesOps } from './strategies';

export const OPERATION_TABLES: readonly OpTable[] = [
  accountOps,
  exchangeOps,
  strategiesOps,
  botsOps,
  cyclesOps,
  dashboardOps,
  billingOps,
];
