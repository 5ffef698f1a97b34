/**
 * Per-route limits for the guessable calls (login, OTP, resend, forgot password, referral
 * check). Account calls count per client IP and e-mail, so one member's typos do not lock out
 * everyone behind the same address; the referral check counts per IP.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

export function perEmailLimit(config: Config) {
  return {
    rateLimit: {
      max: config.rateLimit.max,
      timeWindow: config.rateLimit.windowMs,
      // After validation, so the key sees the parsed e-mail.
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${request.ip}|${emailOf(request)}`,
    },
  };
}

export function perIpLimit(config: Config) {
  return {
    rateLimit: {
      max: config.rateLimit.referralMax,
      timeWindow: config.rateLimit.windowMs,
      keyGenerator: (request: FastifyRequest) => request.ip,
    },
  };
}
