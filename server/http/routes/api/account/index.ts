import type { FastifyInstance } from 'fastify';
import { retryAfterHeader } from '../../../rate-limits';
import passwordRoutes from './password';
import referralRoutes from './referral';
import sessionRoutes from './session';
import signupRoutes from './signup';

/** The Account calls of SPEC section 7, mounted under /api. */
export default async function accountApi(app: FastifyInstance) {
  // Refusals of the guessable calls say when to try again (rate-limits.ts).
  app.addHook('onError', retryAfterHeader);
  await app.register(sessionRoutes);
  await app.register(signupRoutes);
  await app.register(referralRoutes);
  await app.register(passwordRoutes);
}
