/**
 * helmet's security headers on every answer. @fastify/helmet builds helmet's middleware anew on
 * every request (parsing the CSP directives each time) behind two more hooks, a few percent of
 * the server's CPU on the dashboard polls; with fixed options the headers never vary, so helmet
 * runs once here and each request only copies its result.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The app's options: helmet's defaults without HSTS. HSTS belongs to the layer that terminates
 * TLS (RFC 6797: never sent over plain HTTP, which is all this server speaks, on loopback behind
 * the deploy proxies or as the desktop's embedded server), and the policy (max-age, subdomains)
 * is the domain owner's: deploy/nginx and deploy/Caddyfile send it, once (two different ones
 * went out while both the app and nginx set it).
 */
export const APP_HELMET_OPTIONS: Readonly<HelmetOptions> = Object.freeze({ strictTransportSecurity: false });

/**
 * The headers helmet sets for `options`, collected from one run of its middleware. Options whose
 * values depend on the request (CSP directives given as functions, nonces) are refused: they
 * could not be computed once.
 */
export function securityHeaders(options: HelmetOptions = {}): Readonly<Record<string, string>> {
  const directives = typeof options.contentSecurityPolicy === 'object' ? (options.contentSecurityPolicy.directives ?? {}) : {};
  const perRequest = Object.values(directives).some(
    (value) => typeof value === 'function' || (Array.isArray(value) && value.some((item) => typeof item === 'function')),
  );
  if (perRequest) throw new Error('security headers: CSP directives computed per request cannot be computed once');
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

export default fp(
  async function securityHeadersPlugin(app: FastifyInstance, options: HelmetOptions) {
    const headers = securityHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
