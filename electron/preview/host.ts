/**
 * The browser preview host: serves the built renderer and bridges window.griddesk to main's
 * IPC handlers running in this Node process (invoke over fetch, events over SSE). `npm run
 * preview` and the e2e tests use it; Electron does not. Only the browser that opened this
 * launch's one-time link gets the page and the bridge (launch-secret.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { resolve } from 'node:path';
import { createIpcHandlers, type IpcHandlers } from '../main/ipc/handlers';
import { createAxiosHttp } from '../main/ports/axios-http';
import { createFileSettings } from '../main/ports/conf-settings';
import { createMemoryKeychain } from '../main/ports/memory-keychain';
import { SUBSCRIPTION_CHECK_MS } from '../main/member-watch/subscription-watch';
import type { Keychain, LiveCounts, Notifier } from '../main/ports/types';
import { BRIDGE_PATH, bridgeScript, EVENTS_PATH, INVOKE_PATH, NOTIFICATIONS_PATH, OUTBOX_PATH, TRAY_PATH } from './bridge-script';
import { needsLaunch, openLaunchLink, refuseUnlaunched } from './launch-gate';
import { createPreviewSecret, LAUNCH_PARAM, type KeptSecretValues, type PreviewSecret } from './launch-secret';
import { fetchFromDevServer, pipeUpgrade, sendProxied } from './dev-proxy';
import { lockedMessage } from './locked-page';
import { createNotificationLog, type NotificationLog } from './notifications';
import { listOutbox } from '../../server/embed';
import { outboxPage } from './outbox-page';
import { send, sendJson } from './respond';
import { isOwnRequest, ownAuthorities } from './security';
import { loadStatic } from './static-files';
import { openEventStream } from './sse';

export interface PreviewHostOptions {
  /** The platform server main's handlers call. */
  serverUrl: string;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Only loopback makes sense: the host acts with the member's session. */
  host?: string;
  /** Defaults to memory: a preview session lasts as long as the host. */
  keychain?: Keychain;
  /** Where settings.json (theme, cached member data) lives. */
  settingsDir: string;
  /** The platform server's DATA_DIR; the mail in its outbox is listed at /__griddesk/outbox. */
  serverDataDir?: string;
  version?: string;
  /** Also told of every notification; by default they are logged. */
  notifier?: Notifier;
  /** A launch link was spent; `next` is the fresh one for the member's next browser. */
  onLaunch?: (next: string) => void;
  /** The command that printed the launch link, as the 403 names it (launch-command.ts). */
  command?: string;
  /** `npm run dev` only: the secret and link kept across restarts (dev-secret.ts). */
  keptSecret?: KeptSecretValues | null;
  /** `npm run dev` only: Vite's dev server, whose pages and modules replace rendererDir's (dev-proxy.ts). */
  devServerUrl?: string | null;
}

export interface PreviewHost {
  /** The origin (http://127.0.0.1:<port>); a browser needs launchUrl() first. */
  url: string;
  /** The one-time link that lets a browser in (sets the cookie); fresh after each use. */
  launchUrl(): string;
  port: number;
  handlers: IpcHandlers;
  /** What main notified, also served at /__griddesk/notifications. */
  notifications: NotificationLog;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

async function handleInvoke(req: IncomingMessage, res: ServerResponse, handlers: IpcHandlers) {
  let request: unknown;
  try {
    request = await readJson(req);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Bad request body.';
    return sendJson(res, 400, { ok: false, error: { status: 400, message } });
  }
  const { channel, payload } = (request ?? {}) as { channel?: unknown; payload?: unknown };
  sendJson(res, 200, await handlers.invoke(channel, payload));
}

const CLICK_PATH = new RegExp(`^${NOTIFICATIONS_PATH}/(\\d{1,9})/click$`);

/** A click on a shown notification: the page navigates to its route, as in Electron. */
function clickNotification(res: ServerResponse, id: number, log: NotificationLog, handlers: IpcHandlers) {
  const route = log.routeOf(id);
  if (!route) return sendJson(res, 404, { message: 'No such notification.' });
  handlers.emit('app:navigate', { path: route });
  sendJson(res, 200, { path: route });
}

export async function startPreviewHost(options: PreviewHostOptions): Promise<PreviewHost> {
  const host = options.host ?? '127.0.0.1';
  const rendererDir = resolve(options.rendererDir);
  const notifications = createNotificationLog(options.notifier);
  // What Electron's tray would show, served at TRAY_PATH.
  let trayCounts: LiveCounts | null = null;
  const handlers = createIpcHandlers({
    keychain: options.keychain ?? createMemoryKeychain(),
    settings: createFileSettings(options.settingsDir),
    http: createAxiosHttp(options.serverUrl),
    notifier: notifications.notifier,
    app: { version: options.version ?? '0.0.0', platform: process.platform, mode: 'preview' },
    liveTickers: true,
    liveBotEvents: true,
    onLiveCounts: (counts) => {
      trayCounts = counts;
    },
    subscriptionCheckMs: SUBSCRIPTION_CHECK_MS,
  });
  const command = options.command;
  const bridge = bridgeScript(lockedMessage(command));
  const devServer = options.devServerUrl ? new URL(options.devServerUrl) : null;
  let authorities = new Set<string>();
  // Made once the port (part of the cookie name) is known; until then everything is refused.
  let secret: PreviewSecret | null = null;
  let origin = '';
  const launchUrl = () => `${origin}/?${LAUNCH_PARAM}=${secret?.launchToken() ?? ''}`;
  const streams = new Set<ServerResponse>();

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!secret || !isOwnRequest(req, authorities)) return sendJson(res, 403, { message: 'Forbidden' });
    const url = new URL(req.url ?? '/', 'http://host');
    const path = url.pathname;
    if (path === '/' && req.method === 'GET' && url.searchParams.has(LAUNCH_PARAM)) {
      return openLaunchLink(req, res, secret, () => options.onLaunch?.(launchUrl()), command);
    }
    const launched = secret.isCarriedBy(req);
    if (needsLaunch(path) && !launched) return refuseUnlaunched(res, path, command);
    if (path === INVOKE_PATH) {
      if (req.method !== 'POST') return sendJson(res, 405, { message: 'Method Not Allowed' });
      return handleInvoke(req, res, handlers);
    }
    const click = CLICK_PATH.exec(path);
    if (click) {
      if (req.method !== 'POST') return sendJson(res, 405, { message: 'Method Not Allowed' });
      return clickNotification(res, Number(click[1]), notifications, handlers);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method Not Allowed' });
    if (path === EVENTS_PATH) return openEventStream(res, handlers, streams);
    if (path === NOTIFICATIONS_PATH) return sendJson(res, 200, notifications.list());
    if (path === TRAY_PATH) return sendJson(res, 200, { counts: trayCounts });
    if (path === BRIDGE_PATH) return send(res, 200, 'text/javascript; charset=utf-8', bridge);
    if (path === OUTBOX_PATH && options.serverDataDir) {
      const mails = await listOutbox(options.serverDataDir);
      return send(res, 200, 'text/html; charset=utf-8', outboxPage(mails));
    }
    if (devServer) {
      const page = await fetchFromDevServer(req, devServer);
      if (page.isPage && !launched) return refuseUnlaunched(res, path, command);
      return sendProxied(res, page);
    }
    const file = await loadStatic(rendererDir, path);
    // Browsers ask for a favicon the renderer may not ship; an empty answer keeps the console clean.
    if (!file && path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
    if (!file) return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
    if (file.isPage && !launched) return refuseUnlaunched(res, path, command);
    send(res, 200, file.type, file.body);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error('GridDesk preview host:', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error' });
      else res.end();
    });
  });
  // Vite's HMR socket, for a launched browser only.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!devServer || !secret || !isOwnRequest(req, authorities) || !secret.isCarriedBy(req)) {
      socket.destroy();
      return;
    }
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    pipeUpgrade(req, socket as Socket, head, devServer);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  authorities = ownAuthorities(host, port);
  origin = `http://${host}:${port}`;
  secret = createPreviewSecret(port, options.keptSecret ?? null);

  return {
    url: origin,
    launchUrl,
    port,
    handlers,
    notifications,
    close: () =>
      new Promise<void>((done) => {
        handlers.close();
        for (const stream of streams) stream.end();
        for (const socket of upgraded) socket.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
