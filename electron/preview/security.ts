import type { IncomingMessage, ServerResponse } from 'node:http';

/** Like the app's CSP, except that the page talks to this host (invoke, SSE) over fetch. */
export const PREVIEW_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd injects its CSS-in-JS styles at runtime.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `npm run dev` only: Vite's client waits for a restarted dev server in a SharedWorker made from
 * a blob: URL, then reloads the page; 'self' alone refuses that worker and the page never comes
 * back after the preview restarts. Nothing else is relaxed.
 */
export const PREVIEW_DEV_CSP = `${PREVIEW_CSP}; worker-src 'self' blob:`;

export function setSecurityHeaders(res: ServerResponse, csp: string = PREVIEW_CSP): void {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

/**
 * The host runs main's handlers with the member's session, so only pages it served itself
 * may call them: the Host header must name this host (no DNS rebinding) and a browser's
 * Origin, when sent, must be this host's own (no cross-site requests). These stop web pages;
 * the launch secret (launch-secret.ts) stops other local processes, which can send any header.
 */
export function isOwnRequest(req: IncomingMessage, authorities: ReadonlySet<string>): boolean {
  const host = req.headers.host;
  if (!host || !authorities.has(host.toLowerCase())) return false;
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`) return false;
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** `host:port` spellings a browser may use for this host. */
export function ownAuthorities(host: string, port: number): Set<string> {
  const names = new Set([`${host}:${port}`.toLowerCase()]);
  if (host === '127.0.0.1') names.add(`localhost:${port}`);
  return names;
}
