/**
 * Who may drive /sim (prices, accounts with balances, faults). The API has no credentials, so
 * beyond answering loopback peers only it must refuse what a web page in the member's browser
 * can send to 127.0.0.1:
 * - a Host that is not a loopback name with this port: a DNS-rebound site (evil.example
 *   resolving to 127.0.0.1) would otherwise be same-origin with us and read every answer;
 * - an Origin other than our own, or a Sec-Fetch-Site of cross-site/same-site: a cross-site
 *   fetch or form post;
 * - a state change whose body is not declared application/json: text/plain and form bodies are
 *   the "simple" requests a page may send cross-site without a CORS preflight, while a JSON
 *   content type forces one, which this server never grants. Reads (GET/HEAD) change nothing
 *   and a cross-site page cannot read their answer, so they need no content type.
 * The checks match the preview host's (electron/preview/security.ts).
 */
import { type IncomingMessage } from 'node:http';

export interface ControlRefusal {
  status: 403 | 415;
  error: string;
}

export function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip.startsWith('127.');
}

/** `host:port` spellings that name this server on loopback (the port the request arrived on). */
function loopbackAuthorities(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

function isSameOrigin(req: IncomingMessage, host: string): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) return false;
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

function declaresJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  return type !== undefined && type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** Why this control request is refused, or null when it may run. */
export function controlRefusal(req: IncomingMessage, ip: string): ControlRefusal | null {
  if (!isLoopback(ip)) return { status: 403, error: 'The control API answers on loopback only.' };
  const host = req.headers.host?.toLowerCase();
  if (!host || !loopbackAuthorities(req.socket.localPort ?? 0).has(host)) {
    return { status: 403, error: 'The control API answers to 127.0.0.1, localhost or [::1] with its port only.' };
  }
  if (!isSameOrigin(req, host)) return { status: 403, error: 'The control API refuses cross-site requests.' };
  const reads = req.method === 'GET' || req.method === 'HEAD';
  if (!reads && !declaresJson(req)) return { status: 415, error: 'Send the control request as Content-Type: application/json.' };
  return null;
}
