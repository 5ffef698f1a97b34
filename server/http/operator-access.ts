/**
 * Who may read the server's internals: GET /metrics, and the details of /readyz and /healthz
 * (which checks failed, pending migrations, how many members' account streams are up).
 *
 * The deploy proxies pass /readyz and /healthz to anyone (a load balancer in front of them may
 * probe them), and they run on this host: to the app every proxied request comes from
 * 127.0.0.1. So "loopback" cannot be request.ip (without TRUST_PROXY that is the proxy's address
 * for every stranger) and cannot trust X-Forwarded-For either. A caller on this host is one whose
 * socket peer is loopback and whose request carries no forwarding header: nginx and Caddy always
 * add X-Forwarded-For, so nothing that came through them qualifies, whatever TRUST_PROXY says; a
 * local tool that adds such a header itself only gets the bare answer. Anyone else, a Prometheus
 * or a blackbox exporter on another host included, sends METRICS_TOKEN.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Headers a proxy adds on its way to us (de facto and RFC 7239). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'via'];

export function isLoopback(address: string | undefined): boolean {
  return LOOPBACK.test(address ?? '');
}

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time; never when no token is set. */
export function bearsMetricsToken(request: FastifyRequest, token: string | null): boolean {
  const header = request.headers.authorization;
  if (token === null || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Made on this host, straight to this process: a loopback socket and no proxy hop. */
export function isDirectFromThisHost(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** Whether the health routes name their checks to this caller. */
export function seesHealthDetails(request: FastifyRequest, metricsToken: string | null): boolean {
  return isDirectFromThisHost(request) || bearsMetricsToken(request, metricsToken);
}
