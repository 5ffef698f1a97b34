/** The route table, its registry and the parameter parsing shared by the spot, futures and sapi routes. */
import { type Account } from '../accounts';
import { type SimulatorCore } from '../core';
import { missingParameter, SimError, type NewOrder, type Side, type OrderType } from '../types';
import { type Pool, type WeightLimits } from '../weights';
import { type ListenKeys } from './listen-keys';

export type Params = Record<string, string>;

export interface RouteContext {
  core: SimulatorCore;
  method: string;
  params: Params;
  /** Set for key and signed routes. */
  account: Account;
  ip: string;
  now: number;
  limits: WeightLimits;
  listenKeys: ListenKeys;
}

export interface Route {
  pool: Pool;
  weight: number | ((p: Params) => number);
  auth: 'none' | 'key' | 'signed';
  /** An order submission: subject to the 5xx-after-accept fault. */
  submitsOrder?: boolean;
  /** A wallet transfer: subject to the same fault (Binance can time out after moving the money). */
  submitsTransfer?: boolean;
  /** An order lookup: subject to the order-not-found-lag fault. */
  looksUpOrder?: boolean;
  handle(ctx: RouteContext): unknown;
}

export type RouteTable = Map<string, Route>;

/** Which fault injections a signed route is subject to (server.ts applies them). */
export type FaultExposure = Pick<Route, 'submitsOrder' | 'submitsTransfer' | 'looksUpOrder'>;

/**
 * Registers the routes of one weight pool (spot, USD-M or sapi). A route names only what is its
 * own: method(s) ('GET' or 'POST,PUT,DELETE'), path(s), weight and handler; the pool comes from
 * the registry and the auth level from the method that registers it, so a route cannot land in
 * the other market's pool or lose its signature check by a slip in a copied literal.
 */
export class RouteRegistry {
  constructor(
    private readonly table: RouteTable,
    private readonly pool: Pool,
  ) {}

  /** No API key: market data, server time, system status. */
  publicRoute(methods: string, paths: string | string[], weight: Route['weight'], handle: Route['handle']): void {
    this.add(methods, paths, { pool: this.pool, weight, auth: 'none', handle });
  }

  /** A known API key (X-MBX-APIKEY), no signature: Binance's USER_STREAM endpoints (listen keys). */
  apiKeyRoute(methods: string, paths: string | string[], weight: Route['weight'], handle: Route['handle']): void {
    this.add(methods, paths, { pool: this.pool, weight, auth: 'key', handle });
  }

  /** The API key and an HMAC signature over a fresh timestamp: Binance's TRADE and USER_DATA endpoints. */
  signedRoute(
    methods: string,
    paths: string | string[],
    weight: Route['weight'],
    handle: Route['handle'],
    faults: FaultExposure = {},
  ): void {
    this.add(methods, paths, { pool: this.pool, weight, auth: 'signed', handle, ...faults });
  }

  private add(methods: string, paths: string | string[], route: Route): void {
    for (const method of methods.split(',')) {
      for (const path of Array.isArray(paths) ? paths : [paths]) this.table.set(`${method} ${path}`, route);
    }
  }
}

export function required(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw missingParameter(name);
  return value;
}

export function optionalInt(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value))
    throw new SimError(-1100, `Illegal characters found in parameter '${name}'; legal range is '^[0-9]{1,20}$'.`);
  return Number(value);
}

/** The symbols of a `symbols=["A","B"]` parameter, or undefined. */
export function symbolList(params: Params): string[] | undefined {
  if (!params.symbols) return undefined;
  try {
    const list = JSON.parse(params.symbols) as unknown;
    if (Array.isArray(list) && list.every((s) => typeof s === 'string')) return list as string[];
  } catch {
    // fall through to the Binance error below
  }
  throw new SimError(-1100, "Illegal characters found in parameter 'symbols'.");
}

/** A new-order request from Binance parameters (spot or futures). */
export function newOrder(params: Params): NewOrder {
  const side = required(params, 'side');
  const type = required(params, 'type');
  if (side !== 'BUY' && side !== 'SELL') throw new SimError(-1117, 'Invalid side.');
  if (type !== 'MARKET' && type !== 'LIMIT') throw new SimError(-1116, 'Invalid orderType.');
  if (type === 'LIMIT' && (params.timeInForce ?? 'GTC') !== 'GTC') throw new SimError(-1115, 'Invalid timeInForce.');
  return {
    symbol: required(params, 'symbol'),
    side: side as Side,
    type: type as OrderType,
    quantity: params.quantity,
    quoteOrderQty: params.quoteOrderQty,
    price: params.price,
    clientOrderId: params.newClientOrderId || undefined,
    reduceOnly: params.reduceOnly === 'true',
  };
}

export function limitParam(params: Params, fallback: number, max: number): number {
  return Math.min(optionalInt(params, 'limit') ?? fallback, max);
}
