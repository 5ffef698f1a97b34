import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createAxiosHttp } from './axios-http';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** A server that answers 200 and keeps each request's headers. */
async function headerRecorder(): Promise<{ url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

it("sends a request's extra headers beside the token, which they cannot replace", async () => {
  const { url, seen } = await headerRecorder();
  const http = createAxiosHttp(url, { timeoutMs: 2_000 });
  await http.request({
    method: 'POST',
    path: '/account/withdraw/create',
    body: {},
    token: 'tok-1',
    headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer forged' },
  });
  await http.request({ method: 'POST', path: '/account/withdraw/list', body: {} });
  expect(seen[0]).toMatchObject({ 'idempotency-key': 'key-1', authorization: 'Bearer tok-1' });
  expect(seen[1]!['idempotency-key']).toBeUndefined();
  expect(seen[1]!.authorization).toBeUndefined();
});
