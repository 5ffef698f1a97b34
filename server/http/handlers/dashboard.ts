/** The Dashboard operations (common/ops/dashboard.ts): each one call into the dashboard module. */
import type { dashboardOps } from '../../../common/ops/dashboard';
import { agreeDisclaimer, disclaimerCheck } from '../../modules/dashboard/disclaimer';
import { pieChart } from '../../modules/dashboard/funds';
import { totalProfitBook } from '../../modules/dashboard/totals';
import type { OpHandlers } from '../ops/register';

export const dashboardHandlers: OpHandlers<typeof dashboardOps> = {
  'dashboard:disclaimerCheck': (_input, { deps, userId }) => disclaimerCheck(deps.db, userId),
  'dashboard:disclaimer': (_input, { deps, userId }) => agreeDisclaimer(deps.db, userId),
  'dashboard:pieChart': (_input, { deps, userId }) => pieChart(deps, userId),
  'dashboard:totalProfit': (_input, { deps, userId }) => totalProfitBook(deps.db, userId),
};
