/** POST /account/team/dashboard and /account/team/level-member: the member's referral team. */
import type { FastifyInstance } from 'fastify';
import type { TeamLevelMemberRequest } from '../../../../common/api/billing';
import { teamLevelMemberSchema } from '../../../../common/schemas/billing';
import { teamDashboard } from '../../../modules/team/dashboard';
import { teamLevelMembers } from '../../../modules/team/members';
import { billingEnvelope, bearer, pagedData } from '../../schemas';
import { memberOf } from '../../types';
import { fromYup } from '../../validation';
import { billingOk as ok, billingTags as tags } from './envelope';

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;

const teamLevelData = {
  type: 'object',
  properties: { level: num, reward: str, members: num, totalSubscription: str },
  required: ['level', 'reward', 'members', 'totalSubscription'],
} as const;

const teamMemberData = {
  type: 'object',
  properties: { name: str, sponserName: str, totalSubscription: str, totalIncome: str, isActive: { type: 'boolean' } },
  required: ['name', 'sponserName', 'totalSubscription', 'totalIncome', 'isActive'],
} as const;

export default async function teamRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  app.post('/team/dashboard', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, response: { 200: billingEnvelope({ type: 'array', items: teamLevelData }) } },
    handler: async (request) => ok(await teamDashboard(db, memberOf(request).userId)),
  });

  app.post<{ Body: TeamLevelMemberRequest }>('/team/level-member', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, body: fromYup(teamLevelMemberSchema), response: { 200: billingEnvelope(pagedData(teamMemberData)) } },
    handler: async (request) => {
      const { filters, page, limit } = request.body;
      return ok(await teamLevelMembers(db, memberOf(request).userId, filters.level, { page: page!, limit: limit! }, clock()));
    },
  });
}
