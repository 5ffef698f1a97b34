import type { FastifyInstance } from 'fastify';
import backtestRoutes from './backtest';
import strategyManageRoutes from './manage';
import strategyReadRoutes from './read';

/** The Strategies calls of SPEC section 7, mounted under /api. */
export default async function strategiesApi(app: FastifyInstance) {
  await app.register(strategyReadRoutes);
  await app.register(strategyManageRoutes);
  await app.register(backtestRoutes);
}
