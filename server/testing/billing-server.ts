/** A TestServer with a one-line call into the billing service (POST /account<url>). */
import type { LightMyRequestResponse } from 'fastify';
import type { Env } from '../config/config';
import type { DatabaseTarget } from './databases';
import { bearer } from './members';
import { createTestServer, type TestServer } from './server';

export interface BillingServer extends TestServer {
  /** POST /account<url> as the holder of `token` (none: no Authorization header). */
  billing(token: string | null, url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export async function createBillingServer(target: DatabaseTarget, env: Env = {}): Promise<BillingServer> {
  const server = await createTestServer(target, env);
  return {
    ...server,
    billing: (token, url, payload) =>
      server.app.inject({
        method: 'POST',
        url: `/account${url}`,
        headers: token ? bearer(token) : {},
        ...(payload ? { payload } : {}),
      }),
  };
}
