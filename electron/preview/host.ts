/**
 * The browser preview host: serves the built renderer and bridges window.griddesk to main's
 * IPC handlers running in this Node process (invoke over fetch, events over SSE). `npm run
 * preview` and the e2e tests use it; Electron does not. Only the browser that opened this
 * launch's one-time link gets the page and the bridge (launch-secret.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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
  const handlers = createPreviewHandlers(options, notifications.notifier, (counts) => {
    trayCounts = counts;
  });
  const state: HostState = {
    options,
    rendererDir,
    handlers,
    notifications,
    trayCounts: () => trayCounts,
    bridge: bridgeScript(lockedMessage(options.command)),
    devServer: options.devServerUrl ? new URL(options.devServerUrl) : null,
    streams: new Set(),
    secret: null,
    authorities: new Set(),
    origin: '',
  };
  const server = createServer((req, res) => {
    route(req, res, state).catch((error: unknown) => {
      console.error('GridDesk preview host:', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error' });
      else res.end();
    });
  });
  const upgraded = acceptDevServerUpgrades(server, state);
  const { port } = await listen(server, options.port ?? 0, host);
  state.authorities = ownAuthorities(host, port);
  state.origin = `http://${host}:${port}`;
  state.secret = createPreviewSecret(port, options.keptSecret ?? null);

  return {
    url: state.origin,
    launchUrl: () => launchUrl(state),
    port,
    handlers,
    notifications,
    close: () =>
      new Promise<void>((done) => {
        handlers.close();
        for (const stream of state.streams) stream.end();
        for (const socket of upgraded) socket.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Main's IPC handlers as the preview runs them: live streams on, notifications to the log. */
function createPreviewHandlers(
  options: PreviewHostOptions,
  notifier: Notifier,
  onLiveCounts: (counts: LiveCounts | null) => void,
) {
  return createIpcHandlers({
    keychain: options.keychain ?? createMemoryKeychain(),
    settings: createFileSettings(options.settingsDir),
    http: createAxiosHttp(options.serverUrl),
    notifier,
    app: { version: options.version ?? '0.0.0', platform: process.platform, mode: 'preview' },
    liveTickers: true,
    liveBotEvents: true,
    onLiveCounts,
    subscriptionCheckMs: SUBSCRIPTION_CHECK_MS,
  });
}

/** What the routes read; the secret, the authorities and the origin are set once the port is known. */
interface HostState {
  options: PreviewHostOptions;
  rendererDir: string;
  handlers: IpcHandlers;
  notifications: NotificationLog;
  trayCounts(): LiveCounts | null;
  bridge: string;
  devServer: URL | null;
  /** The open event streams, ended on close. */
  streams: Set<ServerResponse>;
  /** Made once the port (part of the cookie name) is known; until then everything is refused. */
  secret: PreviewSecret | null;
  authorities: Set<string>;
  origin: string;
}

const launchUrl = (state: HostState) => `${state.origin}/?${LAUNCH_PARAM}=${state.secret?.launchToken() ?? ''}`;

async function route(req: IncomingMessage, res: ServerResponse, state: HostState): Promise<void> {
  const { secret, options, handlers } = state;
  if (!secret || !isOwnRequest(req, state.authorities)) return sendJson(res, 403, { message: 'Forbidden' });
  const url = new URL(req.url ?? '/', 'http://host');
  const path = url.pathname;
  if (path === '/' && req.method === 'GET' && url.searchParams.has(LAUNCH_PARAM)) {
    return openLaunchLink(req, res, secret, () => options.onLaunch?.(launchUrl(state)), options.command);
  }
  const launched = secret.isCarriedBy(req);
  if (needsLaunch(path) && !launched) return refuseUnlaunched(res, path, options.command);
  if (path === INVOKE_PATH) {
    if (req.method !== 'POST') return sendJson(res, 405, { message: 'Method Not Allowed' });
    return handleInvoke(req, res, handlers);
  }
  const click = CLICK_PATH.exec(path);
  if (click) {
    if (req.method !== 'POST') return sendJson(res, 405, { message: 'Method Not Allowed' });
    return clickNotification(res, Number(click[1]), state.notifications, handlers);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method Not Allowed' });
  if (await serveBridgeResource(res, path, state)) return;
  return serveRenderer(req, res, path, launched, state);
}

/** The bridge's own GET paths (its script, events, notifications, tray, outbox); false for any other. */
async function serveBridgeResource(res: ServerResponse, path: string, state: HostState): Promise<boolean> {
  const { serverDataDir } = state.options;
  if (path === EVENTS_PATH) openEventStream(res, state.handlers, state.streams);
  else if (path === NOTIFICATIONS_PATH) sendJson(res, 200, state.notifications.list());
  else if (path === TRAY_PATH) sendJson(res, 200, { counts: state.trayCounts() });
  else if (path === BRIDGE_PATH) send(res, 200, 'text/javascript; charset=utf-8', state.bridge);
  else if (path === OUTBOX_PATH && serverDataDir)
    send(res, 200, 'text/html; charset=utf-8', outboxPage(await listOutbox(serverDataDir)));
  else return false;
  return true;
}

/** The renderer's files: from Vite's dev server under `npm run dev`, else from rendererDir; a page only for a launched browser. */
async function serveRenderer(req: IncomingMessage, res: ServerResponse, path: string, launched: boolean, state: HostState) {
  const { command } = state.options;
  if (state.devServer) {
    const page = await fetchFromDevServer(req, state.devServer);
    if (page.isPage && !launched) return refuseUnlaunched(res, path, command);
    return sendProxied(res, page);
  }
  const file = await loadStatic(state.rendererDir, path);
  // Browsers ask for a favicon the renderer may not ship; an empty answer keeps the console clean.
  if (!file && path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
  if (!file) return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  if (file.isPage && !launched) return refuseUnlaunched(res, path, command);
  send(res, 200, file.type, file.body);
}

/** Vite's HMR socket, for a launched browser only; returns the sockets piped, for close(). */
function acceptDevServerUpgrades(server: Server, state: HostState): Set<Duplex> {
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { devServer, secret } = state;
    if (!devServer || !secret || !isOwnRequest(req, state.authorities) || !secret.isCarriedBy(req)) {
      socket.destroy();
      return;
    }
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    pipeUpgrade(req, socket as Socket, head, devServer);
  });
  return upgraded;
}

async function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
  return server.address() as AddressInfo;
}
