/** What the app is built from; start.ts passes the real ones, tests fakes (mailer, clock). */
import type { Registry } from 'prom-client';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import type { NotificationFeed } from '../db/notifications';
import type { ExchangeServices } from '../exchange/services';
import type { Mailer } from '../mail/mailer';
import type { AccountDeps } from '../modules/accounts/deps';
import type { Clock } from '../modules/clock';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  /** The exchange facade (gateway, market data, balances); absent = exchange calls answer 400. */
  exchange?: ExchangeServices;
  /** What GET /metrics reports (the engine's metrics); absent = an empty registry. */
  metrics?: Registry;
  /**
   * The database's LISTEN/NOTIFY feed: with it, sessions are cached per process and revoked
   * everywhere by notification; absent = every request reads its session from the database.
   */
  notifications?: NotificationFeed;
}

export interface Member {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    accountDeps: AccountDeps;
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    member: Member | null;
  }
  interface FastifyContextConfig {
    /** Errors of this route carry `success: false` (the SPEC call has a success field). */
    successField?: boolean;
    /** This route's time limit, when under REQUEST_TIMEOUT_MS (plugins/request-timeout.ts). */
    timeoutMs?: number;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; jti: string; exp?: number };
    user: { sub: string; jti: string };
  }
}

/** The signed-in member; only call on routes whose config says `auth: 'member'`. */
export function memberOf(request: { member: Member | null }): Member {
  if (!request.member) throw new Error('memberOf() on a route without auth: member');
  return request.member;
}
