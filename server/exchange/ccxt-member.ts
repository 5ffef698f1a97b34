/**
 * The calls made with one member's key. Submits are never retried blind: a 5xx or timeout after
 * sending is an unknown outcome, resolved by looking the order up by its clientOrderId (with an
 * allowance for the exchange's order-not-found lag right after acceptance).
 */
import { LEVERAGE_MAX, LEVERAGE_MIN } from '../../common/constants';
import { type CcxtClient, type Endpoint, ENDPOINTS, raw } from './ccxt-client';
import type { DirectSigned } from './direct-signed';
import {
  parseFills,
  parseFuturesBalances,
  parseFuturesPosition,
  parseLeverageBrackets,
  parseLiquidations,
  parseOrder,
  parseSpotBalances,
  parseTransfers,
} from './ccxt-parse';
import { binanceCode, ExchangeError, mapExchangeError, type RetryOptions, withRetry } from './errors';
import type {
  ApiRestrictions,
  Balances,
  Fill,
  FuturesLiquidation,
  FuturesPosition,
  LeverageBracket,
  Market,
  MemberGateway,
  OrderRequest,
  OrderState,
  TransferRecord,
  TransferResult,
} from './core/gateway';

export interface MemberTuning {
  /** Lookups after an unknown outcome, and the pause between them (order-not-found lag). */
  lookupAttempts: number;
  lookupDelayMs: number;
}

const DEFAULT_TUNING: MemberTuning = { lookupAttempts: 6, lookupDelayMs: 250 };
/** POST fapi/v1/marginType: "No need to change margin type." (already ISOLATED). */
const MARGIN_TYPE_UNCHANGED = -4046;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Binance's universal-transfer type for spot <-> USD-M futures. */
function transferType(from: Market): 'MAIN_UMFUTURE' | 'UMFUTURE_MAIN' {
  return from === 'spot' ? 'MAIN_UMFUTURE' : 'UMFUTURE_MAIN';
}

export class CcxtMember implements MemberGateway {
  private readonly tuning: MemberTuning;

  constructor(
    private readonly client: CcxtClient,
    private readonly retry: RetryOptions = {},
    tuning: Partial<MemberTuning> = {},
    /** Orders go this way when set: the same request, signed and sent without ccxt's overhead. */
    private readonly direct: DirectSigned | null = null,
  ) {
    this.tuning = { ...DEFAULT_TUNING, ...tuning };
  }

  private read<T>(name: Endpoint, params: Record<string, unknown> = {}): Promise<T> {
    return withRetry(() => raw(this.client, name, params) as Promise<T>, this.retry);
  }

  /**
   * An idempotent setting: retried like a read; the Binance error `unchanged` (the exchange's
   * "already so") counts as done. Checked on ccxt's raw error, as mapping keeps only the reason.
   */
  private setting(name: Endpoint, params: Record<string, unknown>, unchanged?: number): Promise<void> {
    return withRetry(async () => {
      try {
        await raw(this.client, name, params);
      } catch (error) {
        if (unchanged === undefined || binanceCode(error) !== unchanged) throw error;
      }
    }, this.retry);
  }

  /** A submit: retried only while it surely did not reach the exchange (rate limit, pause). */
  private submit<T>(name: Endpoint, params: Record<string, unknown>, direct: DirectSigned | null = null): Promise<T> {
    return withRetry(async () => {
      try {
        return (await (direct ? direct.request(name, params) : raw(this.client, name, params))) as T;
      } catch (error) {
        throw mapExchangeError(error, true);
      }
    }, this.retry);
  }

  async apiRestrictions(): Promise<ApiRestrictions> {
    const r = await this.read<Record<string, unknown>>(ENDPOINTS.apiRestrictions);
    return {
      ipRestrict: r.ipRestrict === true,
      enableWithdrawals: r.enableWithdrawals === true,
      enableSpotAndMarginTrading: r.enableSpotAndMarginTrading === true,
      enableFutures: r.enableFutures === true,
    };
  }

  async balances(market: Market): Promise<Balances> {
    return market === 'spot'
      ? parseSpotBalances(await this.read(ENDPOINTS.account, { omitZeroBalances: 'true' }))
      : parseFuturesBalances(await this.read(ENDPOINTS.futuresAccount));
  }

  async placeOrder(order: OrderRequest): Promise<OrderState> {
    const params: Record<string, unknown> = {
      symbol: order.symbol,
      side: order.side.toUpperCase(),
      type: order.type.toUpperCase(),
      quantity: order.quantity,
      newClientOrderId: order.clientOrderId,
    };
    if (order.type === 'limit') Object.assign(params, { price: order.price, timeInForce: 'GTC' });
    if (order.market === 'spot') params.newOrderRespType = 'FULL';
    else if (order.reduceOnly === true) params.reduceOnly = 'true';
    try {
      return parseOrder(
        await this.submit(order.market === 'spot' ? ENDPOINTS.order : ENDPOINTS.futuresOrder, params, this.direct),
      );
    } catch (error) {
      const mapped = mapExchangeError(error, true);
      if (mapped.kind !== 'unknown_outcome' && mapped.kind !== 'duplicate_order') throw mapped;
      const found = await this.fetchOrder(order.market, order.symbol, order.clientOrderId);
      if (found) return found;
      throw new ExchangeError(
        'unknown_outcome',
        `The exchange did not confirm order ${order.clientOrderId}; it was not found afterwards either.`,
      );
    }
  }

  async cancelOrder(market: Market, symbol: string, clientOrderId: string): Promise<OrderState> {
    const name = market === 'spot' ? ENDPOINTS.cancelOrder : ENDPOINTS.futuresCancelOrder;
    return parseOrder(await this.submit(name, { symbol, origClientOrderId: clientOrderId }));
  }

  async fetchOrder(market: Market, symbol: string, clientOrderId: string): Promise<OrderState | null> {
    const name = market === 'spot' ? ENDPOINTS.getOrder : ENDPOINTS.futuresGetOrder;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return parseOrder(await this.read(name, { symbol, origClientOrderId: clientOrderId }));
      } catch (error) {
        const mapped = mapExchangeError(error);
        if (mapped.kind !== 'not_found') throw mapped;
        if (attempt >= this.tuning.lookupAttempts) return null;
        await sleep(this.tuning.lookupDelayMs);
      }
    }
  }

  async myTrades(market: Market, symbol: string, since?: number): Promise<Fill[]> {
    const params = since === undefined ? { symbol } : { symbol, startTime: since };
    return parseFills(await this.read(market === 'spot' ? ENDPOINTS.myTrades : ENDPOINTS.futuresTrades, params));
  }

  async orderTrades(market: Market, symbol: string, orderId: string): Promise<Fill[]> {
    return parseFills(await this.read(market === 'spot' ? ENDPOINTS.myTrades : ENDPOINTS.futuresTrades, { symbol, orderId }));
  }

  async transfer(asset: string, amount: string, from: Market, to: Market): Promise<TransferResult> {
    if (from === to) throw new ExchangeError('rejected', 'A transfer needs two different wallets.');
    const r = await this.submit<{ tranId: unknown }>(ENDPOINTS.transfer, { type: transferType(from), asset, amount });
    return { id: String(r.tranId) };
  }

  async transferHistory(from: Market, to: Market, since: number): Promise<TransferRecord[]> {
    if (from === to) return [];
    // size 100 is Binance's maximum page; one member's transfers in the few seconds looked at fit in it.
    return parseTransfers(await this.read(ENDPOINTS.transferHistory, { type: transferType(from), startTime: since, size: 100 }));
  }

  async futuresListenKey(): Promise<string> {
    const r = await this.read<{ listenKey?: unknown }>(ENDPOINTS.futuresListenKey);
    if (typeof r.listenKey !== 'string') throw new ExchangeError('temporary', 'The exchange returned no listen key.');
    return r.listenKey;
  }

  async keepAliveFuturesListenKey(): Promise<void> {
    await this.read(ENDPOINTS.futuresKeepAlive);
  }

  async prepareFutures(symbol: string, leverage: number): Promise<void> {
    if (!Number.isInteger(leverage) || leverage < LEVERAGE_MIN || leverage > LEVERAGE_MAX) {
      throw new ExchangeError(
        'rejected',
        `Leverage must be a whole number from ${LEVERAGE_MIN} to ${LEVERAGE_MAX} (got ${leverage}).`,
      );
    }
    // Every call after the first finds the symbol isolated already (-4046): done. Anything else
    // (a cross position or open orders blocking the change, a bad symbol) surfaces, mapped.
    await this.setting(ENDPOINTS.futuresMarginType, { symbol, marginType: 'ISOLATED' }, MARGIN_TYPE_UNCHANGED);
    await this.setting(ENDPOINTS.futuresLeverage, { symbol, leverage });
  }

  async futuresPosition(symbol: string): Promise<FuturesPosition | null> {
    return parseFuturesPosition(await this.read(ENDPOINTS.futuresPositionRisk, { symbol }), symbol);
  }

  async futuresLiquidations(symbol: string, since: number): Promise<FuturesLiquidation[]> {
    return parseLiquidations(
      await this.read(ENDPOINTS.futuresForceOrders, { symbol, autoCloseType: 'LIQUIDATION', startTime: since }),
      symbol,
    );
  }

  async leverageBrackets(symbol: string): Promise<LeverageBracket[]> {
    return parseLeverageBrackets(await this.read(ENDPOINTS.futuresLeverageBracket, { symbol }), symbol);
  }

  convertToUsdt(asset: string, quantity: string, clientOrderId: string): Promise<OrderState> {
    return this.placeOrder({ market: 'spot', symbol: `${asset}USDT`, side: 'sell', type: 'market', quantity, clientOrderId });
  }
}
