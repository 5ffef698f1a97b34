/**
 * Running grid bots for the benches, as the engine holds them after their first evaluation: grid
 * 1 bought at the start price (the trading core's own step and fill model), and the bots row
 * startBot writes for such a bot (bench:engine, bench:takeover), or its snapshot (bench:api).
 */
import { randomUUID } from 'node:crypto';
import { storedGrids } from '../../server/runnables/bot/index';
import {
  applyFill,
  botParams,
  marketRules,
  restoreBot,
  simulateFill,
  snapshotOf,
  step,
  type BotParamsInput,
  type GridBot,
  type StrategyDefinition,
  type Tick,
} from '../../trading/index';

/** A pair's exchange rules as the bots row stores them. */
export interface BenchRules {
  stepSize: string;
  tickSize: string;
  minNotional: string;
  feeRate: string;
}

/** A bot of `strategy` with `params` on a pair with `rules`, evaluated once at `tick`: grid 1 bought, its fill applied. */
export function boughtBot(strategy: StrategyDefinition, params: BotParamsInput, rules: BenchRules, tick: Tick): GridBot {
  const bot = restoreBot(strategy, botParams(params), marketRules(rules), null);
  for (const a of step(bot, tick)) {
    if (a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll') applyFill(bot, simulateFill(a, bot.market));
  }
  return bot;
}

export interface LiveBotRow {
  userId: string;
  symbol: string;
  strategy: StrategyDefinition;
  bot: GridBot;
  investment: number;
  rules: BenchRules;
  /** ISO time. */
  startedAt: string;
  lastPrice: string;
  pausePrice?: string;
}

/** The bots row (snake_case, for insertJson) startBot writes for a Live Spot Advanced Multigrid bot, with the engine's figures of `bot`. */
export function liveBotRow(row: LiveBotRow): Record<string, unknown> {
  const { bot, strategy } = row;
  return {
    id: randomUUID(),
    user_id: row.userId,
    status: 'Live',
    strategy_name: strategy.name,
    strategy_snapshot: storedGrids(strategy),
    symbol: row.symbol,
    category: 'Spot',
    bot_type: 'Advanced Multigrid',
    investment: String(row.investment),
    market_rules: row.rules,
    ...(row.pausePrice === undefined ? {} : { pause_price: row.pausePrice }),
    state: snapshotOf(bot),
    order_seq: 0,
    started_at: row.startedAt,
    realized_pnl: bot.realized.toFixed(),
    held_qty: bot.heldQty.toFixed(),
    held_cost: bot.heldCost.toFixed(),
    grid_no: bot.holding,
    total_grid: strategy.grids.length,
    trades: bot.trades,
    last_price: row.lastPrice,
  };
}
