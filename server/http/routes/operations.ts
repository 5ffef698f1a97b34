/**
 * The routes of every operations table, behind one auth hook: an operation marked `member`
 * needs a live session before anything else runs (onRequest, so `/account` refuses a missing
 * token before it validates the body).
 */
import type { FastifyInstance } from 'fastify';
import { billingOps } from '../../../common/ops/billing';
import { botsOps } from '../../../common/ops/bots';
import { dashboardOps } from '../../../common/ops/dashboard';
import { exchangeOps } from '../../../common/ops/exchange';
import { billingHandlers } from '../handlers/billing';
import { botsHandlers } from '../handlers/bots';
import { dashboardHandlers } from '../handlers/dashboard';
import { strategiesOps } from '../../../common/ops/strategies';
import { exchangeHandlers } from '../handlers/exchange';
import { strategiesHandlers } from '../handlers/strategies';
import { registerOps } from '../ops/register';

export default async function operations(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.op?.auth === 'member') await app.authenticate(request);
  });
  registerOps(app, exchangeOps, exchangeHandlers);
  registerOps(app, botsOps, botsHandlers);
  registerOps(app, dashboardOps, dashboardHandlers);
  registerOps(app, strategiesOps, strategiesHandlers);
  registerOps(app, billingOps, billingHandlers);
}
