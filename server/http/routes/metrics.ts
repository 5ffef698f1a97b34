/**
 * GET /metrics: Prometheus text of the engine's metrics, for loopback clients (request.ip, so
 * behind a TRUST_PROXY proxy the forwarded client), and for anyone sending
 * `Authorization: Bearer $METRICS_TOKEN` when that is set. It names no member. Its time limit is
 * REQUEST_TIMEOUT_MS's (10 s, Prometheus's default scrape timeout).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { bearsMetricsToken, isLoopback } from '../operator-access';

function allowed(request: FastifyRequest, token: string | null): boolean {
  // The client's address: the socket's, or behind a TRUST_PROXY proxy the client it forwards
  // for, so a proxy on this host does not make every client loopback. An untrusted peer's
  // X-Forwarded-For is never believed. (Both deploy proxies also refuse /metrics outright.)
  return bearsMetricsToken(request, token) || isLoopback(request.ip);
}

export default async function metricsRoute(app: FastifyInstance) {
  const registry = app.deps.metrics ?? new Registry();
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, app.deps.config.metricsToken)) return reply.code(403).send({ message: 'Forbidden' });
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
