/** POST /api/botinfo, /api/orderbook, /api/purchasedQty, /api/position: one bot's page (Running Bot). */
import { and, desc, eq } from 'drizzle-orm';
import type { BotCategory, BotInfo, OrderBookResponse, PositionResponse, PurchasedQtyResponse } from '../../../common/api/bots';
import { botOrders } from '../../db/schema';
import type { StoredMarketRules } from '../../runnables/bot/index';
import { D, liquidationPrice, marginBrackets, type BotSnapshot } from '../../../trading/index';
import { ownBot, type BotRecord } from './access';
import type { BotsDeps } from './deps';
import { apyPercent, averagePrice, plain, runtimeDays, totalPnl } from '../runnables/figures';
import { pairStepsOf } from '../runnables/pair-steps';
import { livePrice } from '../runnables/prices';
import { datewiseProfit, lowestHeldBuyPrice } from './snapshot-read';
import { botSparklines } from './sparklines';
import type { StopReason } from '../../../common/api/stop-reasons';

/** Works for stopped bots too: they carry why and when they stopped. */
export async function botInfo(deps: BotsDeps, userId: string, botID: string): Promise<BotInfo> {
  const bot = await ownBot(deps.db, userId, botID);
  const [price, lines] = await Promise.all([livePrice(deps.exchange, bot), botSparklines.points(deps.db, [bot])]);
  const runtime = runtimeDays(bot.startedAt, bot.stoppedAt, deps.clock());
  return {
    name: bot.symbol,
    category: bot.category as BotCategory,
    leverage: bot.category === 'Future' ? bot.leverage : null,
    strategy_name: bot.strategyName,
    liveprice: price,
    status: bot.status,
    runtime,
    roi: apyPercent(bot.realizedPnl, bot.investment, runtime),
    trades24h: bot.trades,
    grid_no: bot.gridNo,
    total_grid: bot.totalGrid,
    last_buying_price: lowestHeldBuyPrice(bot.state),
    investment: plain(bot.investment),
    pnl: plain(bot.realizedPnl),
    botstartdate: bot.startedAt.toISOString(),
    datewiseprofit: datewiseProfit(bot.state),
    sparklineData: lines.get(bot.id) ?? [],
    overbuy_protection_value: bot.overbuyProtection,
    stopReason: (bot.stopReason as StopReason | null) ?? null,
    botstopdate: bot.stoppedAt?.toISOString() ?? null,
    ...pairStepsOf(bot.marketRules),
  };
}

/** Every filled order, newest first (the screen pages it 20 at a time). */
export async function orderBook(deps: BotsDeps, userId: string, botID: string): Promise<OrderBookResponse> {
  const bot = await ownBot(deps.db, userId, botID);
  const rows = await deps.db
    .select()
    .from(botOrders)
    .where(and(eq(botOrders.runnableId, bot.id), eq(botOrders.status, 'filled')))
    .orderBy(desc(botOrders.filledAt), desc(botOrders.seq));
  return {
    orders: rows.map((o) => ({
      date: (o.filledAt ?? o.createdAt).toISOString(),
      price: plain(o.fillPrice),
      type: o.side === 'buy' ? 'BUY' : 'SELL',
      quantity: plain(o.filledQty),
      cummulativeQuoteQty: plain(o.cost),
      pnl: o.side === 'buy' ? '0' : plain(o.pnl),
    })),
  };
}

export async function purchasedQty(deps: BotsDeps, userId: string, botID: string): Promise<PurchasedQtyResponse> {
  const bot = await ownBot(deps.db, userId, botID);
  const price = await livePrice(deps.exchange, bot);
  return {
    totalQuantity: plain(bot.heldQty),
    avgPrice: averagePrice(bot.heldQty, bot.heldCost),
    totalpnl: totalPnl(bot.realizedPnl, bot.heldQty, bot.heldCost, price),
    pnl: plain(bot.realizedPnl),
  };
}

/**
 * Liq. Price of the side panel: a Future bot's open position at its isolated margin, by the
 * formula the engine and the exchange use (trading/core/futures.ts). A spot bot, a flat
 * position and a 1x long (its margin covers the notional) have none: null.
 */
export async function position(deps: BotsDeps, userId: string, botID: string): Promise<PositionResponse> {
  const bot = await ownBot(deps.db, userId, botID);
  return { liquidationPrice: liquidationPriceOf(bot) };
}

function liquidationPriceOf(bot: BotRecord): string | null {
  const futures = (bot.marketRules as StoredMarketRules | null)?.futures;
  const held = (bot.state as BotSnapshot | null)?.position;
  if (bot.category !== 'Future' || !futures || !held) return null;
  const price = liquidationPrice(marginBrackets(futures.brackets), {
    qty: new D(held.qty),
    entryPrice: new D(held.entryPrice),
    margin: new D(held.margin),
  });
  return price.isZero() ? null : price.toDecimalPlaces(8, D.ROUND_UP).toFixed();
}
