/**
 * A platform server as main sees it for one signed-in member (node:http on a socket): the
 * member event stream, the ticker stream, their running bots and cycles, their subscription,
 * sign-in and sign-out. Tests set the numbers and push events; the next request sees them.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MemberEvent } from '../../../common/api/bots';

export interface FakeMemberPlatform {
  url: string;
  bots: number;
  cycles: number;
  /** The subscription's end, from now; null: none. */
  expiresInMs: number | null;
  /** `METHOD /path` of every request, in order. */
  readonly requests: string[];
  /** Open member event streams. */
  readonly streams: number;
  /** Sends a member event down every open event stream. */
  push(event: MemberEvent): void;
  close(): Promise<void>;
}

export async function startFakeMemberPlatform(
  initial: Partial<Pick<FakeMemberPlatform, 'bots' | 'cycles' | 'expiresInMs'>> = {},
): Promise<FakeMemberPlatform> {
  const streams = new Set<ServerResponse>();
  const requests: string[] = [];
  let nextEventId = 1;
  const http = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/api/events' || req.url === '/api/tickers/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': hello\n\n');
      if (req.url === '/api/events') {
        streams.add(res);
        res.on('close', () => streams.delete(res));
      }
      return;
    }
    if (req.url === '/api/login') return json({ token: 'tok-2', accessToken: 'tok-2', email: 'ann@example.com' });
    if (req.url === '/api/logout') return json({ message: 'Logged out' });
    if (req.url === '/api/botstatus') return json(Array.from({ length: platform.bots }, (_, i) => ({ id: `bot-${i}` })));
    if (req.url === '/api/livecycles') return json(Array.from({ length: platform.cycles }, (_, i) => ({ id: `cy-${i}` })));
    if (req.url === '/account/user-data') {
      const expireDate = platform.expiresInMs === null ? null : new Date(Date.now() + platform.expiresInMs).toISOString();
      return json({
        code: '0000',
        msg: 'Success',
        data: { subscription: { expireDate, validityLabel: '', isExpire: false, note: '' } },
      });
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const platform: FakeMemberPlatform = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    bots: initial.bots ?? 0,
    cycles: initial.cycles ?? 0,
    expiresInMs: initial.expiresInMs ?? null,
    requests,
    get streams() {
      return streams.size;
    },
    push(event) {
      const frame = `id: ${nextEventId++}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;
      for (const res of streams) res.write(frame);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of streams) res.destroy();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return platform;
}
