/**
 * The WebSocket API methods the simulator serves: order.place, user-data subscriptions by
 * signature (the spot replacement of the retired listenKey), the session's subscription list,
 * ping, time and session.status. A handler returns the response's `result` or throws SimError.
 */
import { type SimulatorCore } from '../core';
import { failAfterAccept, SEND_STATUS_UNKNOWN } from '../accept-faults';
import { newOrder } from '../http/route';
import { missingParameter, SimError } from '../types';
import { spotOrderResponse } from '../wire/spot';
import { type Session } from './session';
import { verifyWsSignature, type WsParams } from './signature';
import { type Subscriptions } from './subscriptions';

export interface MethodContext {
  core: SimulatorCore;
  /** The fault draws (failAfterAcceptRate), seeded like REST's. */
  random: () => number;
  session: Session;
  subscriptions: Subscriptions;
  now: number;
  /** Frames to send after the response (Binance's eventStreamTerminated after an unsubscribe). */
  after: unknown[];
}

export interface Method {
  /** Request weight, charged to the client IP's spot pool like REST. */
  weight: number;
  handle(ctx: MethodContext, params: WsParams): unknown;
}

function mandatory(params: WsParams, name: string): string {
  const value = params[name];
  if (value === undefined || value === null || value === '') {
    throw missingParameter(name);
  }
  return String(value);
}

/** The request's account: its API key known and this client's IP allowed, the request signed by its secret. */
function signedAccount(ctx: MethodContext, params: WsParams) {
  const account = ctx.core.accounts.get(mandatory(params, 'apiKey'));
  const ipAllowed = !account || !Array.isArray(account.ipRestrict) || account.ipRestrict.includes(ctx.session.ip);
  if (!account || !ipAllowed) throw new SimError(-2015, 'Invalid API-key, IP, or permissions for action.', 401);
  verifyWsSignature(params, account.secretKey, ctx.now);
  return account;
}

function subscribeSignature(ctx: MethodContext, params: WsParams): unknown {
  return { subscriptionId: ctx.subscriptions.add(ctx.session, signedAccount(ctx, params)) };
}

/**
 * order.place: REST's POST /api/v3/order over the connection, with the same checks, response and
 * 5xx-after-accept fault (Binance answers a backend timeout here as status 503, code -1007).
 */
function placeOrder(ctx: MethodContext, params: WsParams): unknown {
  const account = signedAccount(ctx, params);
  const text = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const response = spotOrderResponse(ctx.core.spot.place(account, newOrder(text)), text.newOrderRespType ?? 'FULL');
  if (failAfterAccept(ctx.core.faults, ctx.random)) throw new SimError(SEND_STATUS_UNKNOWN.code, SEND_STATUS_UNKNOWN.msg, 503);
  return response;
}

function subscriptionIdParam(params: WsParams): number | undefined {
  const value = params.subscriptionId;
  if (value === undefined || value === null) return undefined;
  if (!/^\d{1,5}$/.test(String(value))) {
    throw new SimError(-1100, "Illegal characters found in parameter 'subscriptionId'; legal range is '^[0-9]{1,5}$'.");
  }
  return Number(value);
}

function unsubscribe(ctx: MethodContext, params: WsParams): unknown {
  for (const subscriptionId of ctx.subscriptions.remove(ctx.session, subscriptionIdParam(params))) {
    ctx.after.push({ subscriptionId, event: { e: 'eventStreamTerminated', E: ctx.now } });
  }
  return {};
}

export const METHODS: ReadonlyMap<string, Method> = new Map<string, Method>([
  ['ping', { weight: 1, handle: () => ({}) }],
  ['order.place', { weight: 1, handle: placeOrder }],
  ['time', { weight: 1, handle: (ctx) => ({ serverTime: ctx.now }) }],
  ['userDataStream.subscribe.signature', { weight: 2, handle: subscribeSignature }],
  ['userDataStream.unsubscribe', { weight: 2, handle: unsubscribe }],
  [
    'session.subscriptions',
    { weight: 2, handle: (ctx) => [...ctx.session.subscriptions.keys()].map((subscriptionId) => ({ subscriptionId })) },
  ],
  [
    'session.status',
    {
      weight: 2,
      handle: (ctx) => ({
        apiKey: null,
        authorizedSince: null,
        connectedSince: ctx.session.connectedSince,
        returnRateLimits: ctx.session.returnRateLimits,
        serverTime: ctx.now,
        userDataStream: ctx.session.subscriptions.size > 0,
      }),
    },
  ],
]);
