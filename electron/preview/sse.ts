import type { ServerResponse } from 'node:http';
import type { IpcHandlers } from '../main/ipc/handlers';
import { setSecurityHeaders } from './security';

const KEEPALIVE_MS = 15_000;

/** Streams main's events to one page as server-sent events named after the IPC event. */
export function openEventStream(res: ServerResponse, handlers: IpcHandlers, streams: Set<ServerResponse>): void {
  setSecurityHeaders(res);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  // The comment makes the browser fire `open` now; the bridge waits for it before invoking.
  res.write(': connected\n\n');
  const unsubscribe = handlers.on((event, payload) => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
  streams.add(res);
  res.on('close', () => {
    clearInterval(keepalive);
    unsubscribe();
    streams.delete(res);
  });
}
