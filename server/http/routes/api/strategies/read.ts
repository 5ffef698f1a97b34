/**
 * GET /api/mystratagieslist, /api/mystratagies, /api/systemstrategy, /api/mystratagiesscalping,
 * /api/systemstrategyscalping; POST /api/stratagybypara, /api/noofgrid.
 */
import type { FastifyInstance } from 'fastify';
import type { GridCountRequest, StrategyNameRequest } from '../../../../../common/api/strategy';
import { gridCountBody, strategyNameBody } from '../../../../../common/schemas/strategy';
import { gridCount, strategyDetail, strategyList } from '../../../../modules/strategies/strategies';
import type { StrategyKind } from '../../../../modules/strategies/queries';
import { bearer } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';
import { gridCountResponse, strategyDetail as detailResponse, strategyList as listResponse } from './response-schemas';

const LISTS: { path: string; owner: 'member' | 'system'; kind?: StrategyKind }[] = [
  { path: '/mystratagieslist', owner: 'member' },
  { path: '/mystratagies', owner: 'member', kind: 'advanced' },
  { path: '/systemstrategy', owner: 'system', kind: 'advanced' },
  { path: '/mystratagiesscalping', owner: 'member', kind: 'scalping' },
  { path: '/systemstrategyscalping', owner: 'system', kind: 'scalping' },
];

export default async function strategyReadRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const schema = { tags: ['strategies'], security: bearer };

  for (const { path, owner, kind } of LISTS) {
    app.get(path, {
      onRequest: app.authenticate,
      schema: { ...schema, response: { 200: listResponse } },
      handler: (request) => strategyList(db, memberOf(request).userId, owner, kind),
    });
  }

  app.post<{ Body: StrategyNameRequest }>('/stratagybypara', {
    onRequest: app.authenticate,
    schema: { ...schema, body: fromYup(strategyNameBody), response: { 200: detailResponse } },
    handler: (request) => strategyDetail(db, memberOf(request).userId, request.body.strategy_name),
  });

  app.post<{ Body: GridCountRequest }>('/noofgrid', {
    onRequest: app.authenticate,
    schema: { ...schema, body: fromYup(gridCountBody), response: { 200: gridCountResponse } },
    handler: async (request) => ({
      noOfGrid: await gridCount(db, memberOf(request).userId, request.body.strategyName),
    }),
  });
}
