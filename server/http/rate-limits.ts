/**
 * Limits of the guessable calls (login, signup, OTP, resend, forgot and reset password, referral
 * check), as route options: a preHandler hook (after validation, so it sees the parsed e-mail)
 * and the onError hook that tells a refused client when to try again (Retry-After):
 *
 * - per client and e-mail, per route: one member's typos do not lock out everyone behind the
 *   same address (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS);
 * - login only: failed logins per client across e-mails, against credential stuffing
 *   (RATE_LIMIT_LOGIN_IP_MAX per RATE_LIMIT_LOGIN_IP_WINDOW_MS); a successful login gives its
 *   hit back, so an office behind one address is not locked out by its own members;
 * - the referral check per client (RATE_LIMIT_REFERRAL_MAX).
 *
 * A client is an IPv4 address or an IPv6 /64 (client-address.ts) of request.ip: the peer, or
 * behind a TRUST_PROXY proxy the client it forwards for (app.ts), its port stripped; a forwarded
 * value that names no address counts as the peer. Counters live in the database
 * (modules/limits/window-counters.ts), shared by every API process. The account's own growing
 * delay is domain logic: modules/accounts/login-throttle.ts.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER } from '../../common/messages';
import { RetryLater } from '../modules/limits/retry-later';
import { hitWindows, refundHit, type Window, type WindowCount } from '../modules/limits/window-counters';
import { clientKey } from './client-address';

type PreHandler = (request: FastifyRequest) => Promise<void>;
type OnError = typeof retryAfterHeader;
/** A limit as route options: the count before the handler, and Retry-After on its refusal. */
export interface LimitOptions {
  preHandler: PreHandler;
  onError: OnError;
}

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/** Counts the request in every window; refuses it (429, Retry-After) if any is over its max. */
async function enforce(app: FastifyInstance, windows: Window[]): Promise<WindowCount[]> {
  const now = app.deps.clock();
  const counts = await hitWindows(app.deps.db, windows, now);
  const over = counts.filter((count) => !count.allowed);
  if (over.length > 0) {
    const until = Math.max(...over.map((count) => count.expiresAt.getTime()));
    throw new RetryLater(SERVER.tooManyRequests, until - now.getTime());
  }
  return counts;
}

function perEmailWindow(app: FastifyInstance, request: FastifyRequest): Window {
  const { max, windowMs } = app.deps.config.rateLimit;
  return {
    key: `${request.routeOptions.url}|${clientKey(request.ip, request.socket?.remoteAddress)}|${emailOf(request)}`,
    max,
    windowMs,
  };
}

export function perEmailLimit(app: FastifyInstance): LimitOptions {
  return {
    preHandler: async (request) => {
      await enforce(app, [perEmailWindow(app, request)]);
    },
    onError: retryAfterHeader,
  };
}

/** The per-client failure hit of each login in flight, given back if the password was right. */
const loginFailureHits = new WeakMap<FastifyRequest, WindowCount>();

export function loginLimits(app: FastifyInstance): LimitOptions {
  const { loginIpMax, loginIpWindowMs } = app.deps.config.rateLimit;
  return {
    preHandler: async (request) => {
      const failures = {
        key: `login-failures|${clientKey(request.ip, request.socket?.remoteAddress)}`,
        max: loginIpMax,
        windowMs: loginIpWindowMs,
      };
      const counts = await enforce(app, [perEmailWindow(app, request), failures]);
      loginFailureHits.set(request, counts[1]!);
    },
    onError: retryAfterHeader,
  };
}

/** A successful login was no guess: its hit of the per-client failure budget is taken back. */
export async function forgiveLogin(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const hit = loginFailureHits.get(request);
  if (hit) await refundHit(app.deps.db, hit);
}

export function perIpLimit(app: FastifyInstance): LimitOptions {
  const { referralMax, windowMs } = app.deps.config.rateLimit;
  return {
    preHandler: async (request) => {
      await enforce(app, [
        {
          key: `${request.routeOptions.url}|${clientKey(request.ip, request.socket?.remoteAddress)}`,
          max: referralMax,
          windowMs,
        },
      ]);
    },
    onError: retryAfterHeader,
  };
}

/** onError hook: every "try again later" refusal says when, as Retry-After (seconds). */
export async function retryAfterHeader(
  _request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError | Error,
): Promise<void> {
  if (error instanceof RetryLater) reply.header('retry-after', String(error.retryAfterSeconds));
}
