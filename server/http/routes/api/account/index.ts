import type { FastifyInstance } from 'fastify';
import passwordRoutes from './password';
import referralRoutes from './referral';
import sessionRoutes from './session';
import signupRoutes from './signup';

/** The Account calls of SPEC section 7, mounted under /api. */
export default async function accountApi(app: FastifyInstance) {
  await app.register(sessionRoutes);
  await app.register(signupRoutes);
  await app.register(referralRoutes);
  await app.register(passwordRoutes);
}
