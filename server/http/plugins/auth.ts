/**
 * Bearer JWT whose jti must name a live session row: a token stops working the moment logout
 * (or a password reset) revokes its session, not when it expires. With the database's
 * notification feed the live sessions are cached (modules/accounts/session-cache.ts).
 * A route says who may call it in its config (`auth: 'member'`; the operations table sets it
 * for every operation): one onRequest hook checks the session before anything else runs, so a
 * request without a live session is refused before its body or query is validated.
 */
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '../../../common/messages';
import { followRevocations } from '../../modules/accounts/session-cache';
import { createSession, liveSessionUser } from '../../modules/accounts/sessions';
import { DomainError } from '../../modules/errors';
import type { AppDeps } from '../types';

const JWT_ALGORITHM = 'HS256';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: `member` needs a live session (the hook below); absent or `public`, anyone. */
    auth?: 'member' | 'public';
  }
}

function unauthorized(): DomainError {
  return new DomainError('auth.unauthenticated', SERVER.unauthorized);
}

export default fp(
  async function auth(app: FastifyInstance, deps: AppDeps) {
    // One algorithm, named on both sides: a token's own header never picks how it is checked
    // (no alg none, no other HMAC, no public-key confusion if the secret ever changes type).
    await app.register(jwt, {
      secret: deps.config.jwtSecret,
      sign: { algorithm: JWT_ALGORITHM },
      verify: { algorithms: [JWT_ALGORITHM] },
    });
    app.decorateRequest('member', null);
    if (deps.notifications) {
      const stop = await followRevocations(deps.db, deps.notifications);
      app.addHook('onClose', async () => stop());
    }
    app.decorate('authenticate', async (request: FastifyRequest) => {
      let payload: { sub: string; jti: string };
      try {
        payload = await request.jwtVerify();
      } catch {
        throw unauthorized();
      }
      if (typeof payload.jti !== 'string' || typeof payload.sub !== 'string') throw unauthorized();
      const userId = await liveSessionUser(deps.db, payload.jti, deps.clock);
      if (userId === null || userId !== payload.sub) throw unauthorized();
      request.member = { userId, sessionId: payload.jti };
    });
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.auth === 'member') await app.authenticate(request);
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** Opens a session for the member, recording the client's address, and signs its token. */
export async function issueToken(app: FastifyInstance, userId: string, clientAddress: string | null = null): Promise<string> {
  const { config, db, clock } = app.deps;
  const session = await createSession(db, userId, config.sessionTtlHours, clock, clientAddress);
  const expSeconds = Math.floor(session.expiresAt.getTime() / 1000);
  return app.jwt.sign({ sub: userId, jti: session.id, exp: expSeconds });
}
