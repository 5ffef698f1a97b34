/**
 * One WebSocket API request frame in, the frames to send back out: Binance's response shape
 * {id, status, result} or {id, status, error: {code, msg}}, with `rateLimits` unless turned off,
 * the id echoed exactly as sent (number, string or null). Request weight counts against the
 * client IP's spot pool, shared with REST, as on Binance.
 */
import { type SimulatorCore } from '../core';
import { SimError } from '../types';
import { type Verdict, type WeightLimits, type WeightMeter } from '../weights';
import { METHODS } from './methods';
import { type Session } from './session';
import { type WsParams } from './signature';
import { type Subscriptions } from './subscriptions';

export interface RequestDeps {
  core: SimulatorCore;
  random: () => number;
  meter: WeightMeter;
  limits: WeightLimits;
  subscriptions: Subscriptions;
}

interface Request {
  id: unknown;
  method: unknown;
  params: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function weightRefusal(deps: RequestDeps, verdict: Verdict, now: number): SimError {
  const retryAfter = now + verdict.retryAfterSeconds * 1000;
  const msg =
    verdict.status === 418
      ? `Way too much request weight used; IP banned until ${retryAfter}. Please use WebSocket Streams for live updates to avoid bans.`
      : `Too much request weight used; current limit is ${deps.limits.spot} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`;
  return new SimError(-1003, msg, verdict.status);
}

/** The frames answering `text`, in sending order: the response, then any events it caused. */
export function handleRequest(deps: RequestDeps, session: Session, text: string): unknown[] {
  let request: Request;
  try {
    const parsed = JSON.parse(text) as unknown;
    request = isObject(parsed)
      ? { id: parsed.id, method: parsed.method, params: parsed.params }
      : { id: null, method: undefined, params: undefined };
  } catch {
    return [{ id: null, status: 400, error: { code: -1135, msg: 'Invalid JSON Request' } }];
  }
  const id = request.id ?? null;
  const now = deps.core.now();
  const params: WsParams = isObject(request.params) ? request.params : {};
  const withLimits = typeof params.returnRateLimits === 'boolean' ? params.returnRateLimits : session.returnRateLimits;
  let used: number | null = null;
  const frame = (body: Record<string, unknown>) => ({
    id,
    ...body,
    ...(withLimits && used !== null
      ? {
          rateLimits: [
            { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: deps.limits.spot, count: used },
          ],
        }
      : {}),
  });
  const after: unknown[] = [];
  try {
    if (typeof request.method !== 'string' || request.method === '') {
      throw new SimError(-1102, "Mandatory parameter 'method' was not sent, was empty/null, or malformed.");
    }
    if (request.params !== undefined && !isObject(request.params))
      throw new SimError(-1130, "Data sent for parameter 'params' is not valid.");
    // Binance accepts an explicit version prefix: "v3/ping".
    const method = METHODS.get(request.method.replace(/^v3\//, ''));
    if (!method) throw new SimError(-1020, 'This operation is not supported.');
    const verdict = deps.meter.charge(session.ip, 'spot', method.weight);
    used = verdict.used;
    if (verdict.status !== 200) throw weightRefusal(deps, verdict, now);
    const result = method.handle(
      { core: deps.core, random: deps.random, session, subscriptions: deps.subscriptions, now, after },
      params,
    );
    return [frame({ status: 200, result }), ...after];
  } catch (error) {
    if (!(error instanceof SimError)) {
      return [frame({ status: 500, error: { code: -1000, msg: 'An unknown error occurred while processing the request.' } })];
    }
    return [frame({ status: error.status, error: { code: error.code, msg: error.message } })];
  }
}
