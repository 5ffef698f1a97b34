import type { FastifyInstance } from 'fastify';
import botManageRoutes from './manage';
import botReadRoutes from './read';

/** The Bots calls of SPEC section 7 (and GET /api/features), mounted under /api. */
export default async function botsApi(app: FastifyInstance) {
  await app.register(botReadRoutes);
  await app.register(botManageRoutes);
}
