/**
 * POST /api/backtest: resolves the strategy (the table sent, or one the member can see by
 * name), the pair's exchange filters and its recent klines, then runs them through the core.
 */
import type { BacktestRequest, BacktestResponse } from '../../../common/api/backtest';
import { SERVER } from '../../../common/messages';
import { detailToRows } from '../../../common/schemas/strategy';
import type { MarketInfo } from '../../exchange/core/gateway';
import { backtestConfig, TradingInputError, type BacktestConfig, type StrategyInput } from '../../../trading/index';
import { DomainError } from '../errors';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { klines } from '../market/market';
import { toDetail } from '../strategies/detail';
import { findVisible, gridsOf } from '../strategies/queries';
import { klinePlan } from './interval';
import { toResponse, walkKlines } from './walk';

/** The strategy to run, as the POST /api/strategy body the core normalises. */
async function strategyInput(deps: ExchangeDeps, userId: string, request: BacktestRequest): Promise<StrategyInput> {
  if (request.strategy) {
    const { strategy } = request;
    return { strategyName: strategy.strategyName ?? '', noOfGrids: strategy.noOfGrids, tableData: strategy.tableData };
  }
  const name = (request.strategy_name ?? '').trim();
  // Own or system strategies only: another member's name is as unknown as a name never saved.
  const found = await findVisible(deps.db, userId, name);
  if (!found) throw new DomainError('strategy.not_found', SERVER.strategyNotFound);
  const rows = detailToRows(toDetail(found.name, await gridsOf(deps.db, found.id)));
  return { strategyName: found.name, noOfGrids: rows.length, tableData: rows };
}

/** The pair's filters; the simulator-like defaults of marketRules() fill anything missing. */
async function pairFilters(deps: ExchangeDeps, pair: string): Promise<MarketInfo> {
  const markets = await surfaced(() => exchangeOf(deps).gateway.markets('spot'));
  const market = markets.find((m) => m.symbol === pair);
  if (!market) throw new DomainError('market.unknown_pair', `${pair} is not a tradable pair.`);
  return market;
}

/** A form sends an empty field as ''; the core reads it as not set. */
const optional = <T>(value: T | '' | null | undefined): T | null => (value === '' || value === undefined ? null : value);

/** Core input errors name the field and why, so they go to the member as 400s. */
function requestConfig(strategy: StrategyInput, request: BacktestRequest, market: MarketInfo): BacktestConfig {
  try {
    return backtestConfig({
      strategy,
      // The gateway reports no fee rate; backtests charge the simulator's 0.1 % (section 5).
      market: {
        stepSize: market.stepSize || undefined,
        tickSize: market.tickSize || undefined,
        minNotional: market.minNotional || undefined,
        feeRate: '0.001',
      },
      params: {
        investment: request.amount,
        profitBook: optional(request.profitBookAt),
        pausePrice: optional(request.pausePrice),
        restartPrice: optional(request.restartPrice),
        stoplossPrice: optional(request.stoplossPrice),
        overbuyProtection: request.overbuyProtection,
      },
    });
  } catch (error) {
    if (error instanceof TradingInputError) throw new DomainError('strategy.invalid', error.message);
    throw error;
  }
}

export async function runMarketBacktest(deps: ExchangeDeps, userId: string, request: BacktestRequest): Promise<BacktestResponse> {
  const strategy = await strategyInput(deps, userId, request);
  exchangeOf(deps); // no exchange: a clear 400 before any other work
  const pair = request.pair.trim().toUpperCase();
  const market = await pairFilters(deps, pair);
  const config = requestConfig(strategy, request, market);
  const plan = klinePlan(request.days);
  const { klines: candles } = await klines(deps, pair, plan.interval, plan.limit);
  if (candles.length === 0) throw new DomainError('backtest.no_history', `The exchange has no price history for ${pair}.`);
  return toResponse(walkKlines(candles, config), { interval: plan.interval, candles: candles.length });
}
