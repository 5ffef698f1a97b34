/**
 * GET /metrics: Prometheus text of the engine's metrics, for loopback clients (request.ip, so
 * behind a TRUST_PROXY proxy the forwarded client), and for anyone sending
 * `Authorization: Bearer $METRICS_TOKEN` when that is set. It names no member.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function allowed(request: FastifyRequest, token: string | null): boolean {
  const header = request.headers.authorization;
  if (token !== null && typeof header === 'string' && header.startsWith('Bearer ')) {
    const given = Buffer.from(header.slice(7));
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  // The client's address: the socket's, or behind a TRUST_PROXY proxy the client it forwards
  // for, so a proxy on this host does not make every client loopback. An untrusted peer's
  // X-Forwarded-For is never believed.
  return LOOPBACK.test(request.ip ?? '');
}

export default async function metricsRoute(app: FastifyInstance) {
  const registry = app.deps.metrics ?? new Registry();
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, app.deps.config.metricsToken)) return reply.code(403).send({ message: 'Forbidden' });
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
