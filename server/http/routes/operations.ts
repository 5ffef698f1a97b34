/**
 * The routes of every operations table. An operation marked `member` is refused without a live
 * session before anything else runs, by the auth plugin's one hook (plugins/auth.ts).
 */
import type { FastifyInstance } from 'fastify';
import { accountOps } from '../../../common/ops/account';
import { billingOps } from '../../../common/ops/billing';
import { botsOps } from '../../../common/ops/bots';
import { cyclesOps } from '../../../common/ops/cycles';
import { dashboardOps } from '../../../common/ops/dashboard';
import { exchangeOps } from '../../../common/ops/exchange';
import { accountHandlers } from '../handlers/account';
import { accountRouteOptions } from '../handlers/account-routes';
import { billingHandlers } from '../handlers/billing';
import { botsHandlers } from '../handlers/bots';
import { cyclesHandlers } from '../handlers/cycles';
import { dashboardHandlers } from '../handlers/dashboard';
import { strategiesOps } from '../../../common/ops/strategies';
import { exchangeHandlers } from '../handlers/exchange';
import { strategiesHandlers } from '../handlers/strategies';
import { registerOps, type AnswerCheck } from '../ops/register';

export default async function operations(app: FastifyInstance, options: { answers?: AnswerCheck }) {
  const { answers } = options;
  registerOps(app, accountOps, accountHandlers, accountRouteOptions(app), answers);
  registerOps(app, exchangeOps, exchangeHandlers, {}, answers);
  registerOps(app, botsOps, botsHandlers, {}, answers);
  registerOps(app, cyclesOps, cyclesHandlers, {}, answers);
  registerOps(app, dashboardOps, dashboardHandlers, {}, answers);
  registerOps(app, strategiesOps, strategiesHandlers, {}, answers);
  registerOps(app, billingOps, billingHandlers, {}, answers);
}
