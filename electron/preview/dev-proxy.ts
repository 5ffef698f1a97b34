/**
 * `npm run dev` in the browser preview: the page and its modules come from Vite's dev server
 * (hot reload) through the preview host, so the page keeps the host's origin, its launch cookie,
 * its CSP and the bridge (window.griddesk), exactly as with the built renderer. The HMR web
 * socket is piped through the same way; only a launched browser gets it.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { PREVIEW_DEV_CSP, setSecurityHeaders } from './security';
import { injectBridge } from './static-files';

/** Headers not forwarded: the hop's own, and the cookie (the dev server has no use for the secret). */
const DROPPED = new Set(['host', 'cookie', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/** A navigation (the app's page), which comes back rewritten, as opposed to a module or an asset. */
function asksForPage(req: IncomingMessage): boolean {
  const dest = req.headers['sec-fetch-dest'];
  return dest === 'document' || dest === 'iframe' || (dest === undefined && (req.headers.accept ?? '').includes('text/html'));
}

function forwardedHeaders(req: IncomingMessage, devServer: URL): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = { host: devServer.host };
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !DROPPED.has(name)) headers[name] = value;
  }
  // Bodies pass through as they are, so uncompressed; the hop is loopback.
  delete headers['accept-encoding'];
  // Pages are rewritten (the bridge): ask for them whole, never conditional. Modules stay
  // conditional, so the reload after a restart revalidates them (304) instead of fetching
  // hundreds again through this hop.
  if (asksForPage(req)) {
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
  }
  return headers;
}

export interface ProxiedPage {
  /** What the dev server answered with, the page (HTML) with the bridge in. */
  status: number;
  type: string;
  body: Buffer | string;
  isPage: boolean;
  /** A module's or an asset's caching, as the dev server says it (its pre-bundled dependencies are immutable). */
  caching: { cacheControl: string; etag?: string };
}

/** GET `path` from the dev server; HTML (the app's page) comes back with the bridge in. */
export function fetchFromDevServer(req: IncomingMessage, devServer: URL): Promise<ProxiedPage> {
  return new Promise((done, fail) => {
    const outgoing = request(
      new URL(req.url ?? '/', devServer),
      { method: req.method, headers: forwardedHeaders(req, devServer) },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', fail);
        answer.on('end', () => {
          const type = answer.headers['content-type'] ?? 'application/octet-stream';
          const body = Buffer.concat(chunks);
          const isPage = type.startsWith('text/html');
          const etag = answer.headers.etag;
          const caching = { cacheControl: answer.headers['cache-control'] ?? 'no-cache', ...(etag ? { etag } : {}) };
          done({
            status: answer.statusCode ?? 502,
            type,
            body: isPage ? injectBridge(body.toString('utf8')) : body,
            isPage,
            caching,
          });
        });
      },
    );
    outgoing.on('error', fail);
    outgoing.end();
  });
}

/** The page is never cached (it carries the bridge); modules and assets are cached as the dev server says. */
export function sendProxied(res: ServerResponse, page: ProxiedPage): void {
  setSecurityHeaders(res, PREVIEW_DEV_CSP);
  const caching = page.isPage
    ? { 'Cache-Control': 'no-store' }
    : { 'Cache-Control': page.caching.cacheControl, ...(page.caching.etag ? { ETag: page.caching.etag } : {}) };
  res.writeHead(page.status, { 'Content-Type': page.type, ...caching });
  res.end(page.body);
}

/** Pipes an upgrade (Vite's HMR web socket) to the dev server, the Host header rewritten. */
export function pipeUpgrade(req: IncomingMessage, socket: Socket, head: Buffer, devServer: URL): void {
  const upstream = connect(Number(devServer.port), devServer.hostname, () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`, `host: ${devServer.host}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      if (!['host', 'cookie'].includes(name.toLowerCase())) lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  const end = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', end);
  socket.on('error', end);
}
