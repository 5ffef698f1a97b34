/** A TestServer with a one-line call into the account service (POST /account<url>). */
import type { LightMyRequestResponse } from 'fastify';
import type { Env } from '../config';
import type { DatabaseTarget } from './databases';
import { bearer } from './members';
import { createTestServer, type TestServer } from './server';

export interface AccountServer extends TestServer {
  /** POST /account<url> as the holder of `token` (none: no Authorization header). */
  account(token: string | null, url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export async function createAccountServer(target: DatabaseTarget, env: Env = {}): Promise<AccountServer> {
  const server = await createTestServer(target, env);
  return {
    ...server,
    account: (token, url, payload) =>
      server.app.inject({ method: 'POST', url: `/account${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) }),
  };
}
