/** Test helpers: a small strategy and a driver that logs every action compactly. */
import { applyFill } from '../fills';
import { simulateFill, simulateLiquidation } from '../fill-model';
import { createGridBot } from '../state';
import { step } from '../step';
import { botParams, marketRules, normaliseStrategy, type BotParamsInput, type MarketRulesInput } from '../core/strategy';
import type { Action, GridBot, StrategyRowInput } from '../core/types';

/**
 * Grid 1: 40 % at market, take profit arms at +1 % and exits 0.5 % under the high.
 * Grids 2 and 3: 30 % each, arm 2 % under the previous grid's buy price, buy 1 % over the low.
 */
export const ROWS: StrategyRowInput[] = [
  { gridNo: 1, allottedAmountPercentagePerOrder: 40, takeProfitPercentage: 1, takeProfitPercentageDown: 0.5 },
  {
    gridNo: 2,
    allottedAmountPercentagePerOrder: 30,
    buyPercentage: 2,
    buyPercentageUp: 1,
    takeProfitPercentage: 1,
    takeProfitPercentageDown: 0.5,
  },
  {
    gridNo: 3,
    allottedAmountPercentagePerOrder: 30,
    buyPercentage: 2,
    buyPercentageUp: 1,
    takeProfitPercentage: 1,
    takeProfitPercentageDown: 0.5,
  },
];

export function rows(overrides: Record<number, Partial<StrategyRowInput>> = {}): StrategyRowInput[] {
  return ROWS.map((r) => ({ ...r, ...overrides[Number(r.gridNo)] }));
}

export function makeBot(
  table: StrategyRowInput[] = ROWS,
  params: Partial<BotParamsInput> = {},
  market: MarketRulesInput = {},
): GridBot {
  const strategy = normaliseStrategy({ strategyName: 'test', noOfGrids: table.length, tableData: table });
  return createGridBot(strategy, botParams({ investment: 1000, ...params }), marketRules({ stepSize: '0.00001', ...market }));
}

export function describeAction(a: Action): string {
  switch (a.kind) {
    case 'buy':
      return `buy ${a.grid} @${a.price}`;
    case 'sell':
      return `sell ${a.grid} @${a.price}`;
    case 'sellAll':
      return `sellAll @${a.price}`;
    case 'status':
      return `${a.status} (${a.reason})`;
    case 'skipped':
      return `skip ${a.side} ${a.grid}`;
    case 'liquidation':
      return `liquidation @${a.price}`;
  }
}

/** Feeds prices one tick each (ts = index), fills orders at the tick price, logs actions. */
export function drive(bot: GridBot, prices: (string | number)[], startTs = 0): string[] {
  const log: string[] = [];
  prices.forEach((p, i) => {
    for (const a of step(bot, { ts: startTs + i, price: String(p) })) {
      log.push(describeAction(a));
      if (a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll') applyFill(bot, simulateFill(a, bot.market));
      if (a.kind === 'liquidation') applyFill(bot, simulateLiquidation(a));
    }
  });
  return log;
}
