/**
 * A tiny stand-in for the platform server (node:http), so main's handlers are tested over a
 * real socket and a real axios instance without the whole server.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { replySchemaViolation } from './reply-schemas';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body: unknown;
}

/** May answer later (a promise), to hold a reply across other calls. */
export type FakeRoute = (req: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakePlatformServer {
  url: string;
  requests: RecordedRequest[];
  /** Scripted 2xx answers that broke their operation's response schema (answered 500 instead). */
  violations: string[];
  /** Sets the answer for `METHOD /path` (exact path). */
  route(key: string, reply: FakeReply | FakeRoute): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function startFakePlatformServer(): Promise<FakePlatformServer> {
  const routes = new Map<string, FakeRoute>();
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        authorization: req.headers.authorization,
        body: await readBody(req),
      };
      requests.push(recorded);
      const route = routes.get(`${recorded.method} ${recorded.path}`);
      const scripted = route ? await route(recorded) : { status: 404, body: { message: 'Not Found' } };
      // A success the real server could not send fails the test that scripted it, loudly.
      const violation = replySchemaViolation(recorded.method, recorded.path, scripted.status, scripted.body);
      if (violation) violations.push(violation);
      const reply = violation ? { status: 500, body: { message: violation } } : scripted;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    violations,
    route(key, reply) {
      routes.set(key, typeof reply === 'function' ? reply : () => reply);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
