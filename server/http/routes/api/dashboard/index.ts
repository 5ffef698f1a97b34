/**
 * GET /api/disclaimeragreementcheck, /api/pichart, /api/totalprofitbookdata; POST
 * /api/disclaimer (SPEC section 7, Dashboard). Every open desktop polls these with
 * /api/botstatus every 10 s: each is one or two queries, and no exchange call beyond the
 * member's balance feed.
 */
import type { FastifyInstance } from 'fastify';
import { disclaimerBody } from '../../../../../common/schemas/bots';
import { agreeDisclaimer, disclaimerCheck } from '../../../../modules/dashboard/disclaimer';
import { pieChart } from '../../../../modules/dashboard/funds';
import { totalProfitBook } from '../../../../modules/dashboard/totals';
import { bearer, messageResponse } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';

const str = { type: 'string' } as const;
const object = (properties: Record<string, object>) => ({ type: 'object', properties, required: Object.keys(properties) }) as const;

const pieResponse = object({
  chartData: { type: 'array', items: object({ label: str, value: str }) },
  usdt: str,
  availableBalance: str,
});

export default async function dashboardApi(app: FastifyInstance) {
  const deps = app.deps;
  const schema = { tags: ['dashboard'], security: bearer };

  app.get('/disclaimeragreementcheck', { onRequest: app.authenticate, schema: { ...schema, response: { 200: object({ agreed: { type: 'boolean' } }) } } },
    (request) => disclaimerCheck(deps.db, memberOf(request).userId));
  app.post('/disclaimer', { onRequest: app.authenticate, schema: { ...schema, body: fromYup(disclaimerBody), response: { 200: messageResponse } } },
    (request) => agreeDisclaimer(deps.db, memberOf(request).userId));
  app.get('/pichart', { onRequest: app.authenticate, schema: { ...schema, response: { 200: pieResponse } } },
    (request) => pieChart(deps, memberOf(request).userId));
  app.get('/totalprofitbookdata', { onRequest: app.authenticate,
    schema: { ...schema, response: { 200: object({ totalProfit: str, lossBook: str, totalpnl: str }) } } },
  (request) => totalProfitBook(deps.db, memberOf(request).userId));
}
