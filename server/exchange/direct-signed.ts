/**
 * The order hot path without ccxt's request machinery. A market order of the engine is one signed
 * POST; through ccxt (`request` -> `sign` -> `fetch2` -> its fetch -> response handling) it costs
 * 0.49 ms of client CPU against 0.26 ms for the same signed request here (bench:exchange
 * `orderPath`, side by side: 2,167 vs 3,789 orders/s; a burst of 41 answered in full at p99
 * 33 vs 23 ms), and the engine sends 31 at once on a typical price push at 10,000 bots, up to
 * 200 on a wide one: the last answer waits for the CPU of the others.
 *
 * It stays inside the ccxt boundary's rules: the url comes from the ccxt client's own `urls`
 * (so the simulator and Binance alike), the query is signed as ccxt's binance `sign` does (HMAC
 * keys only: an RSA or Ed25519 secret goes through ccxt), the weight governor reserves before
 * and re-syncs after, and a refusal goes through the client's own `handleErrors` and
 * `handleHttpStatusCode`, so it maps to the same error as through ccxt. A request that fails on
 * the wire is an undici error no ccxt class names: for a submit, an unknown outcome (errors.ts).
 */
import { createHmac } from 'node:crypto';
import type { Agent, request as undiciRequest } from 'undici';
import { ENDPOINTS, type CcxtClient, type Endpoint } from './ccxt-client';
import { signWsApiParams } from './user-streams/protocols';
import type { WeightGovernor } from './core/weight-governor';
import { familyOfApi, familyOfUrl, requestWeight } from './core/weights';
import type { WsOrderChannel, WsReply } from './ws-order-channel';

const TIMEOUT_MS = 10_000; // ccxt's default
/**
 * undici rather than node:http: a burst of 200 orders at once to the simulator on loopback is
 * answered in full after 38-57 ms against 69-84 ms on a node:http keep-alive agent, the first
 * answer after 2-11 ms against 23-27 ms (the same signed requests, interleaved runs). Up to 64
 * keep-alive connections per origin, so a burst over the internet still goes out in parallel.
 * POSTs are never pipelined (undici holds a non-idempotent request until its connection is
 * free), so a dropped connection loses at most the one order on it, an unknown outcome that is
 * looked up, never resent.
 */
let http: Promise<{ request: typeof undiciRequest; dispatcher: Agent }> | undefined;

/**
 * undici loads with the first request sent this way, not at boot: its import is 100-300 ms that
 * would hold up the first answers of a server resuming bots (bench:startup), and spot orders
 * mostly go over the WebSocket API connection anyway.
 */
function loadHttp(): NonNullable<typeof http> {
  http ??= import('undici').then((undici) => ({
    request: undici.request,
    dispatcher: new undici.Agent({
      connections: 64,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      connectTimeout: TIMEOUT_MS,
    }),
  }));
  return http;
}

interface Reply {
  status: number;
  reason: string;
  headers: Record<string, string>;
  body: string;
}

async function send(url: URL, method: Endpoint['method'], headers: Record<string, string>, body: string | null): Promise<Reply> {
  const { request, dispatcher } = await loadHttp();
  const res = await request(url, { method, headers, body, dispatcher });
  const text = await res.body.text();
  return { status: res.statusCode, reason: res.statusText, headers: res.headers as Record<string, string>, body: text };
}

/** As ccxt's urlencode for the flat string/number params of an order. */
function encode(params: Record<string, unknown>): string {
  let out = '';
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    out += `${out === '' ? '' : '&'}${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`;
  }
  return out;
}

export class DirectSigned {
  private constructor(
    private readonly client: CcxtClient,
    private readonly governor: WeightGovernor,
    private readonly orders: WsOrderChannel | null,
  ) {}

  /**
   * The direct path for this client, or null when its key is not an HMAC secret. With `orders`,
   * spot orders go over that WebSocket API connection whenever it is open (ws-order-channel.ts).
   */
  static for(client: CcxtClient, governor: WeightGovernor, orders: WsOrderChannel | null = null): DirectSigned | null {
    return client.secret && !client.secret.includes('PRIVATE KEY') ? new DirectSigned(client, governor, orders) : null;
  }

  async request(endpoint: Endpoint, params: Record<string, unknown>): Promise<unknown> {
    const base = (this.client.urls as { api: Record<string, string> }).api[endpoint.api];
    if (!base) throw new Error(`no ${endpoint.api} url on the ccxt client`);
    const url = new URL(`${base}/${endpoint.path}`);
    const family = familyOfApi(endpoint.api);
    await this.governor.reserve(family, requestWeight(family, endpoint.method, endpoint.path, params));
    const recvWindow = (this.client.options as { recvWindow?: number }).recvWindow;
    if (isSpotOrder(endpoint) && this.orders?.ready()) return this.placeOverWebSocket(this.orders, url, params, recvWindow);
    let query = encode({ ...params, timestamp: this.client.nonce(), ...(recvWindow !== undefined && { recvWindow }) });
    query += `&signature=${createHmac('sha256', this.client.secret).update(query).digest('hex')}`;
    const headers: Record<string, string> = { 'X-MBX-APIKEY': this.client.apiKey };
    const inBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
    if (inBody) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    else url.search = query;
    const reply = await send(url, endpoint.method, headers, inBody ? query : null);
    if (reply.status >= 200 && reply.status < 300) {
      this.governor.observe(familyOfUrl(url.href), reply.status, reply.headers);
      return JSON.parse(reply.body) as unknown;
    }
    this.refused(url.href, endpoint.method, reply);
  }

  /**
   * order.place with the same parameters, signed the WebSocket API's way (every parameter but the
   * signature, sorted by name). Its answer is REST's: the result is the same order document, a
   * refusal the same {code, msg}, so it maps to the same error through ccxt's handlers.
   */
  private async placeOverWebSocket(
    orders: WsOrderChannel,
    url: URL,
    params: Record<string, unknown>,
    recvWindow: number | undefined,
  ): Promise<unknown> {
    const fields: Record<string, string | number> = { apiKey: this.client.apiKey, timestamp: this.client.nonce() };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) fields[k] = typeof v === 'number' ? v : String(v);
    if (recvWindow !== undefined) fields.recvWindow = recvWindow;
    const reply = await orders.request('order.place', signWsApiParams(fields, this.client.secret));
    const headers = usedWeightHeaders(reply);
    if (reply.status >= 200 && reply.status < 300) {
      this.governor.observe('spot', reply.status, headers);
      return reply.result;
    }
    this.refused(url.href, 'POST', { status: reply.status, reason: '', headers, body: JSON.stringify(reply.error ?? {}) });
  }

  /** Throws what ccxt would have thrown for this reply (its handleErrors re-syncs the governor too). */
  private refused(url: string, method: string, reply: Reply): never {
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.body);
    } catch {
      parsed = undefined;
    }
    const c = this.client as unknown as {
      handleErrors(
        code: number,
        reason: string,
        url: string,
        method: string,
        headers: object,
        body: string,
        response: unknown,
        rh: object,
        rb: unknown,
      ): void;
      handleHttpStatusCode(code: number, reason: string, url: string, method: string, body: string): void;
    };
    c.handleErrors(reply.status, reply.reason, url, method, reply.headers, reply.body, parsed, {}, undefined);
    c.handleHttpStatusCode(reply.status, reply.reason, url, method, reply.body);
    throw new Error(`binance ${reply.status} ${reply.body}`);
  }
}

/** The request weight a WebSocket API answer reports, as the REST header the governor reads. */
function usedWeightHeaders(reply: WsReply): Record<string, string> {
  const weight = reply.rateLimits?.find((l) => l.rateLimitType === 'REQUEST_WEIGHT' && l.interval === 'MINUTE');
  return weight?.count === undefined ? {} : { 'x-mbx-used-weight-1m': String(weight.count) };
}

/** A new spot order (POST api/v3/order): the one request the WebSocket API carries here. */
function isSpotOrder(endpoint: Endpoint): boolean {
  const { api, method, path } = ENDPOINTS.order;
  return endpoint.api === api && endpoint.method === method && endpoint.path === path;
}
