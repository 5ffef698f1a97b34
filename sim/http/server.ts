/**
 * The HTTP edge: node:http (no framework, it is on every order's path), Binance-style auth,
 * request weight and fault injection in front of thin routes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { failAfterAccept, SEND_STATUS_UNKNOWN } from '../accept-faults';
import { verifySigned } from '../auth';
import { type SimulatorControl } from '../control';
import { type SimulatorCore } from '../core';
import { SimError } from '../types';
import { type WeightLimits, type WeightMeter } from '../weights';
import { type Account } from '../accounts';
import { handleControl } from './control-routes';
import { futuresRoutes } from './futures-routes';
import { type ListenKeys } from './listen-keys';
import { type Params, type Route, type RouteTable } from './route';
import { sapiRoutes } from './sapi-routes';
import { spotRoutes } from './spot-routes';

export interface HttpDeps {
  core: SimulatorCore;
  control: SimulatorControl;
  meter: WeightMeter;
  limits: WeightLimits;
  listenKeys: ListenKeys;
  random: () => number;
}

export function buildRoutes(): RouteTable {
  const table: RouteTable = new Map();
  spotRoutes(table);
  futuresRoutes(table);
  sapiRoutes(table);
  return table;
}

function clientIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

function readBody(req: IncomingMessage): Promise<string> {
  if (req.method === 'GET' || req.method === 'HEAD') return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8', ...headers }).end(JSON.stringify(body));
}

function authenticate(
  deps: HttpDeps,
  route: Route,
  req: IncomingMessage,
  ip: string,
  query: string,
  body: string,
  params: Params,
): Account {
  const key = req.headers['x-mbx-apikey'];
  if (typeof key !== 'string' || key === '') throw new SimError(-2014, 'API-key format invalid.', 401);
  const account = deps.core.accounts.get(key);
  const ipAllowed = !account || !Array.isArray(account.ipRestrict) || account.ipRestrict.includes(ip);
  if (!account || !ipAllowed) throw new SimError(-2015, 'Invalid API-key, IP, or permissions for action.', 401);
  if (route.auth === 'signed') {
    verifySigned({ query, body, timestamp: params.timestamp, recvWindow: params.recvWindow }, account.secretKey, deps.core.now());
  }
  return account;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function handleApi(
  deps: HttpDeps,
  routes: RouteTable,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: string,
  body: string,
): Promise<void> {
  const ip = clientIp(req);
  const route = routes.get(`${req.method} ${path}`);
  if (!route) return json(res, 404, { code: -1000, msg: `Unknown endpoint ${req.method} ${path}` });
  const params: Params = Object.fromEntries(new URLSearchParams(query));
  if (body) Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
  const weight = typeof route.weight === 'number' ? route.weight : safeWeight(route, params);
  const verdict = deps.meter.charge(ip, route.pool, weight);
  const headers: Record<string, string | number> = { 'X-MBX-USED-WEIGHT-1M': verdict.used };
  if (verdict.status !== 200) {
    headers['Retry-After'] = verdict.retryAfterSeconds;
    const msg =
      verdict.status === 418
        ? `Way too much request weight used; IP banned until ${deps.core.now() + verdict.retryAfterSeconds * 1000}. Please use WebSocket Streams for live updates to avoid bans.`
        : `Too much request weight used; current limit is ${deps.limits[route.pool]} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`;
    return json(res, verdict.status, { code: -1003, msg }, headers);
  }
  if (deps.core.faults.latencyMs > 0) await sleep(deps.core.faults.latencyMs);
  try {
    const account =
      route.auth === 'none' ? (null as unknown as Account) : authenticate(deps, route, req, ip, query, body, params);
    const result = route.handle({
      core: deps.core,
      method: req.method ?? 'GET',
      params,
      account,
      ip,
      now: deps.core.now(),
      limits: deps.limits,
      listenKeys: deps.listenKeys,
    });
    if (route.looksUpOrder) hideFreshOrder(deps, result);
    if ((route.submitsOrder || route.submitsTransfer) && failAfterAccept(deps.core.faults, deps.random)) {
      return json(res, 503, SEND_STATUS_UNKNOWN, headers);
    }
    json(res, 200, result, headers);
  } catch (error) {
    if (!(error instanceof SimError)) throw error;
    json(res, error.status, { code: error.code, msg: error.message }, headers);
  }
}

function safeWeight(route: Route, params: Params): number {
  try {
    return (route.weight as (p: Params) => number)(params);
  } catch {
    return 1;
  }
}

/** Fault: an order accepted less than orderNotFoundMs ago is not visible yet (-2013). */
function hideFreshOrder(deps: HttpDeps, result: unknown): void {
  const lag = deps.core.faults.orderNotFoundMs;
  const time = (result as { time?: number }).time;
  if (lag > 0 && time !== undefined && deps.core.now() - time < lag) throw new SimError(-2013, 'Order does not exist.');
}

export function createHttpServer(deps: HttpDeps): Server {
  const routes = buildRoutes();
  return createServer((req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    readBody(req)
      .then((body) =>
        path.startsWith('/sim/')
          ? handleControl(deps.control, req, res, clientIp(req), path, body)
          : handleApi(deps, routes, req, res, path, query, body),
      )
      .catch((error: unknown) => {
        if (!res.headersSent)
          json(res, 500, { code: -1000, msg: error instanceof Error ? error.message : 'An unknown error occurred.' });
      });
  });
}
