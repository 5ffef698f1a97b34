/**
 * A scriptable SSE endpoint for the feed tests: each connection is answered by the current
 * `respond` function, and the test can push to, or cut, every open stream.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SseTestServer {
  url: string;
  /** Authorization headers of every connection attempt, in order. */
  attempts: (string | undefined)[];
  respond: (req: IncomingMessage, res: ServerResponse) => void;
  /** Writes raw text to every open stream. */
  push(text: string): void;
  /** Ends every open stream (the server side of a dropped connection). */
  cut(): void;
  readonly open: number;
  close(): Promise<void>;
}

export const openStream = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(': hello\n\n');
};

export async function startSseTestServer(): Promise<SseTestServer> {
  const streams = new Set<ServerResponse>();
  const state: SseTestServer = {
    url: '',
    attempts: [],
    respond: openStream,
    push: (text) => streams.forEach((res) => res.write(text)),
    cut: () => {
      streams.forEach((res) => res.destroy());
      streams.clear();
    },
    get open() {
      return streams.size;
    },
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    state.attempts.push(req.headers.authorization);
    streams.add(res);
    res.on('close', () => streams.delete(res));
    state.respond(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
