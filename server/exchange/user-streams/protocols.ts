/**
 * The two ways Binance delivers a member's account events:
 * - spot: the WebSocket API (wss://ws-api.binance.com/ws-api/v3), one signed
 *   userDataStream.subscribe.signature per member; events arrive as {subscriptionId, event}.
 *   (The spot listenKey endpoints were retired: they answer 410 Gone.)
 * - USD-M futures: a listen key from POST /fapi/v1/listenKey and a connection of its own on the
 *   private route (wss://fstream.binance.com/private/ws?listenKey=..., as ccxt.pro opens it; the
 *   legacy /ws and /stream routes were retired on 2026-04-23); events arrive bare, the key needs
 *   a keepalive every 30 minutes, and listenKeyExpired ends it. One connection per member, so
 *   the pool takes each from the connection budget.
 */
import { createHmac } from 'node:crypto';
import type { MemberGateway, MemberKey } from '../core/gateway';
import type { WeightGovernor } from '../core/weight-governor';
import { MuxSocketError, type MuxSocket } from './mux-socket';
import { OWN_CONNECTION, type StreamProtocol } from './stream-pool';

export const BINANCE_USER_STREAM_URLS = {
  spot: 'wss://ws-api.binance.com:443/ws-api/v3',
  futures: 'wss://fstream.binance.com/private/ws',
} as const;

/** The same paths on the simulator (its HTTP server also serves these WebSocket endpoints). */
export function userStreamUrls(simUrl: string | null): { spot: string; futures: string } {
  if (!simUrl) return { ...BINANCE_USER_STREAM_URLS };
  const ws = simUrl.replace(/\/$/, '').replace(/^http/, 'ws');
  return { spot: `${ws}/ws-api/v3`, futures: `${ws}/private/ws` };
}

/** Binance's WebSocket API signature: HMAC-SHA256 of the params sorted by name, as a raw query. */
export function signWsApiParams(params: Record<string, string | number>, secret: string): Record<string, string | number> {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return { ...params, signature: createHmac('sha256', secret).update(query).digest('hex') };
}

function replyError(reply: Record<string, unknown>): MuxSocketError | null {
  const status = Number(reply.status ?? 200);
  const error = reply.error as { code?: unknown; msg?: unknown } | undefined;
  if (status === 200 && !error) return null;
  return new MuxSocketError(`${String(error?.code ?? status)}: ${String(error?.msg ?? 'refused')}`);
}

/** WebSocket API requests share the spot request-weight budget of the IP. */
const SUBSCRIBE_WEIGHT = 2;

export function spotProtocol(url: string, governor: WeightGovernor, now: () => number = Date.now): StreamProtocol<MemberKey> {
  return {
    url,
    async subscribe(socket: MuxSocket, key: MemberKey): Promise<string> {
      await governor.reserve('spot', SUBSCRIBE_WEIGHT);
      const params = signWsApiParams({ apiKey: key.apiKey, timestamp: now() }, key.secretKey);
      const reply = await socket.request({ method: 'userDataStream.subscribe.signature', params });
      const error = replyError(reply);
      if (error) throw error;
      const id = (reply.result as { subscriptionId?: unknown } | undefined)?.subscriptionId;
      if (id === undefined || id === null) throw new MuxSocketError('The exchange returned no subscription id.');
      return String(id);
    },
    async unsubscribe(socket, remoteId) {
      await socket.request({ method: 'userDataStream.unsubscribe', params: { subscriptionId: Number(remoteId) } });
    },
    route(message) {
      if (message.subscriptionId === undefined || typeof message.event !== 'object' || message.event === null) return null;
      return { remoteId: String(message.subscriptionId), event: message.event as Record<string, unknown> };
    },
    // The exchange ended the subscription (key revoked, session limits): subscribe again.
    isEnd: (event) => event.e === 'eventStreamTerminated',
  };
}

export interface FuturesMember {
  gateway: MemberGateway;
  /** The listen key in use (set on subscribe). */
  listenKey?: string;
}

export function futuresProtocol(url: string): StreamProtocol<FuturesMember> {
  return {
    url,
    async dedicatedUrl(member) {
      const listenKey = await member.gateway.futuresListenKey();
      member.listenKey = listenKey;
      return `${url}?listenKey=${encodeURIComponent(listenKey)}`;
    },
    subscribe: () => Promise.reject(new MuxSocketError('USD-M user data has a connection per listen key.')),
    unsubscribe: async () => undefined,
    route(message) {
      if (typeof message.stream === 'string' && typeof message.data === 'object' && message.data !== null) {
        return { remoteId: OWN_CONNECTION, event: message.data as Record<string, unknown> }; // the combined form, if ever used
      }
      return typeof message.e === 'string' ? { remoteId: OWN_CONNECTION, event: message } : null;
    },
    keepAlive: (member) => member.gateway.keepAliveFuturesListenKey(),
    isEnd: (event) => event.e === 'listenKeyExpired',
  };
}
