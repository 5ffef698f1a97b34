/** /sim: the JSON control API (no auth; control-guard.ts keeps it to loopback, same-origin, JSON). */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type SimulatorControl } from '../control';
import { SimError } from '../types';
import { controlRefusal } from './control-guard';

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function parse(body: string): Record<string, unknown> {
  if (!body) return {};
  const value = JSON.parse(body) as unknown;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SimError(-1100, 'The body must be a JSON object.');
  return value as Record<string, unknown>;
}

function route(control: SimulatorControl, method: string, path: string, body: Record<string, unknown>): [number, unknown] {
  if (method === 'POST' && path === '/sim/accounts') return [200, control.createAccount(body)];
  if (method === 'GET' && path.startsWith('/sim/accounts/')) {
    const snapshot = control.getAccount(decodeURIComponent(path.slice('/sim/accounts/'.length)));
    return snapshot ? [200, snapshot] : [404, { error: 'Unknown apiKey' }];
  }
  if (method === 'POST' && path === '/sim/price') {
    if (typeof body.symbol !== 'string' || typeof body.price !== 'string')
      throw new SimError(-1100, 'symbol and price (a decimal string) are required.');
    control.setPrice(body.symbol, body.price);
    return [200, { symbol: body.symbol, price: control.getPrice(body.symbol) }];
  }
  if (method === 'GET' && path.startsWith('/sim/price/')) {
    const symbol = path.slice('/sim/price/'.length);
    return [200, { symbol, price: control.getPrice(symbol) }];
  }
  if (method === 'POST' && path === '/sim/faults') return [200, control.setFaults(body)];
  if (method === 'DELETE' && path === '/sim/faults') {
    control.clearFaults();
    return [200, {}];
  }
  if (method === 'POST' && path === '/sim/partial-fill') {
    const { apiKey, clientOrderId, quantity, market } = body;
    if (
      typeof apiKey !== 'string' ||
      typeof clientOrderId !== 'string' ||
      typeof quantity !== 'string' ||
      (market !== undefined && market !== 'spot' && market !== 'futures')
    ) {
      throw new SimError(-1100, 'apiKey, clientOrderId and quantity (a decimal string) are required; market is spot or futures.');
    }
    return [200, control.fillPartially(apiKey, clientOrderId, quantity, market)];
  }
  if (method === 'POST' && path === '/sim/walk') {
    control.walk();
    return [200, {}];
  }
  if (method === 'DELETE' && path === '/sim/weights') {
    control.resetWeights();
    return [200, {}];
  }
  return [404, { error: `No control route ${method} ${path}` }];
}

export function handleControl(
  control: SimulatorControl,
  req: IncomingMessage,
  res: ServerResponse,
  ip: string,
  path: string,
  body: string,
): void {
  const refusal = controlRefusal(req, ip);
  if (refusal) return send(res, refusal.status, { error: refusal.error });
  try {
    const [status, result] = route(control, req.method ?? 'GET', path, parse(body));
    send(res, status, result);
  } catch (error) {
    send(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
}
