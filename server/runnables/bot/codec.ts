/**
 * The bot row codec: a bots row as the engine runs it (the grid core rebuilt from the stored
 * strategy, settings and state) and the columns the start writes for the engine to read back.
 */
import { BOT_STATUS, type BotStatus } from '../../../common/api/bots';
import type { bots } from '../../db/schema';
import {
  botParams,
  D,
  marketRules,
  restoreBot,
  snapshotOf,
  type BotSnapshot,
  type GridBot,
  type MarketRules,
  type StrategyDefinition,
} from '../../../trading/index';
import type { StopReason } from '../../../common/api/stop-reasons';

export type BotRow = typeof bots.$inferSelect;

/** One grid of `bots.strategy_snapshot`, percentages as decimal strings. */
export interface StoredGrid {
  gridNo: number;
  alloc: string;
  buyDown: string;
  buyUp: string;
  tpUp: string;
  tpDown: string;
}

export interface StoredMarketRules {
  stepSize: string;
  tickSize: string;
  minNotional: string;
  feeRate: string;
  /** Future bots: the leverage and the pair's maintenance-margin brackets when it started. */
  futures?: { leverage: number; brackets: { notionalCap: string; maintMarginRatio: string; cum: string }[] };
}

/** The rules as stored with the bot, so a restart or a backtest of it uses what it started with. */
export function storedMarketRules(rules: MarketRules, futures: StoredMarketRules['futures'] | null): StoredMarketRules {
  return {
    stepSize: rules.stepSize.toFixed(),
    tickSize: rules.tickSize.toFixed(),
    minNotional: rules.minNotional.toFixed(),
    feeRate: rules.feeRate.toFixed(),
    ...(futures && {
      futures: {
        leverage: futures.leverage,
        brackets: futures.brackets.map((b) => ({ notionalCap: b.notionalCap, maintMarginRatio: b.maintMarginRatio, cum: b.cum })),
      },
    }),
  };
}

export function strategyOf(row: Pick<BotRow, 'strategyName' | 'strategySnapshot'>): StrategyDefinition {
  const grids = (row.strategySnapshot ?? []) as StoredGrid[];
  return {
    name: row.strategyName,
    grids: grids.map((g) => ({
      gridNo: g.gridNo,
      alloc: new D(g.alloc),
      buyDown: new D(g.buyDown),
      buyUp: new D(g.buyUp),
      tpUp: new D(g.tpUp),
      tpDown: new D(g.tpDown),
    })),
  };
}

export function storedGrids(strategy: StrategyDefinition): StoredGrid[] {
  return strategy.grids.map((g) => ({
    gridNo: g.gridNo,
    alloc: g.alloc.toFixed(),
    buyDown: g.buyDown.toFixed(),
    buyUp: g.buyUp.toFixed(),
    tpUp: g.tpUp.toFixed(),
    tpDown: g.tpDown.toFixed(),
  }));
}

/** The member's settings columns as the core's params. */
export function paramsOf(row: BotRow) {
  return botParams({
    investment: row.investment,
    profitBook: row.profitBook,
    pausePrice: row.pausePrice,
    restartPrice: row.restartPrice,
    stoplossPrice: row.stoplossPrice,
    overbuyProtection: row.overbuyProtection,
  });
}

export function gridBotOf(row: BotRow): GridBot {
  const rules = row.marketRules as StoredMarketRules;
  return restoreBot(strategyOf(row), paramsOf(row), marketRules(rules), (row.state as BotSnapshot | null) ?? null);
}

/** The core's status reason as the member reads it (null: a restart, nothing to report). */
export function stopReasonOf(reason: GridBot['statusReason']): StopReason | null {
  switch (reason) {
    case 'stop':
      return 'manual';
    case 'stopAndSell':
    case 'stoploss':
    case 'profitBook':
    case 'pause':
    case 'liquidation':
      return reason;
    default:
      return null;
  }
}

/** The status column: a bot is Stopped only once no order of it is out, so a crash never strands one. */
export function statusColumnOf(bot: GridBot, previous: BotStatus): BotStatus {
  if (bot.status === 'stopped') return bot.inFlight > 0 ? previous : BOT_STATUS.stopped;
  return bot.status === 'paused' ? BOT_STATUS.pause : BOT_STATUS.live;
}

/** The figure columns of `bots` a core's state implies, written with every state the engine stores. */
export function figureColumnsOf(bot: GridBot) {
  return {
    realizedPnl: bot.realized.toFixed(),
    heldQty: bot.heldQty.toFixed(),
    heldCost: bot.heldCost.toFixed(),
    gridNo: bot.holding,
    trades: bot.trades,
    lastPrice: bot.px.s === '' ? null : bot.px.s,
  };
}

/** The state column: the core's snapshot, from which gridBotOf rebuilds it. */
export const stateColumnOf = (bot: GridBot): BotSnapshot => snapshotOf(bot);
