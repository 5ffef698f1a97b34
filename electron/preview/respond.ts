import type { ServerResponse } from 'node:http';
import { setSecurityHeaders } from './security';

/** Every answer of the preview host: the security headers, never cached. */
export function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  setSecurityHeaders(res);
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

export const sendJson = (res: ServerResponse, status: number, value: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
