/**
 * Every route that names a bot, cycle or strategy, tried with the other member's (issue 34, item
 * 11): the answer is the route's refusal for a record that is not yours (404 for reads and
 * changes; a start naming another member's strategy is refused as an unknown strategy), and
 * nothing of the owner's changes: the record's settings, its strategy and its command queue are
 * read before and after.
 */
import { asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import { botCommands, bots, cycleCommands, cycles, strategies, strategyGrids } from '../../../db/schema';
import type { IdRoute } from './deep-actions';

export type Owned = 'bot' | 'cycle' | 'strategy';

/** What each route names, and how it must answer another member's. */
export const ID_ROUTE_RULES: Record<IdRoute, { names: Owned; status: number; reason: string }> = {
  '/api/botinfo': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/orderbook': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/purchasedQty': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/position': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/profitbookat': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/protectionvalues': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/sltp': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/stopbot': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/stopbotwithsell': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/editprofitbookat': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/gridprotectionadd': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/sltpedit': { names: 'bot', status: 404, reason: 'bot.not_found' },
  '/api/editcycle': { names: 'cycle', status: 404, reason: 'cycle.not_found' },
  '/api/stopcycle': { names: 'cycle', status: 404, reason: 'cycle.not_found' },
  '/api/stopcyclewithsell': { names: 'cycle', status: 404, reason: 'cycle.not_found' },
  '/api/stratagybypara': { names: 'strategy', status: 404, reason: 'strategy.not_found' },
  '/api/stratagyedit': { names: 'strategy', status: 404, reason: 'strategy.not_found' },
  '/api/deletestrategy': { names: 'strategy', status: 404, reason: 'strategy.not_found' },
  '/api/noofgrid': { names: 'strategy', status: 404, reason: 'strategy.not_found' },
  '/api/backtest': { names: 'strategy', status: 404, reason: 'strategy.not_found' },
  // A start may name only the member's own strategies or the system's (a copy names a live bot instead).
  '/api/startbotdata': { names: 'strategy', status: 400, reason: 'bot.strategy_unknown' },
};

/** A body for `route` naming `id` (a bot or cycle id, or a strategy name), plausible in every other field. */
export function bodyNaming(
  route: IdRoute,
  id: string,
  context: { pair: string; strategyDetail: object },
): Record<string, unknown> {
  switch (route) {
    case '/api/editprofitbookat':
      return { botID: id, profitBookValue: '50' };
    case '/api/gridprotectionadd':
      return { botID: id, overbuyProtectionValue: 1, protectionActive: true };
    case '/api/sltpedit':
      return { botID: id, sellAllAndPausePrice: null, restartPrice: null, stoplossPrice: null };
    case '/api/editcycle':
      return { cycle_id: id, buy_price: '1', sell_price: '2', stop_loss: '0.5', no_of_cycle: 3 };
    case '/api/stopcycle':
    case '/api/stopcyclewithsell':
      return { cycle_id: id };
    case '/api/stratagybypara':
    case '/api/deletestrategy':
      return { strategy_name: id };
    case '/api/noofgrid':
      return { strategyName: id };
    case '/api/stratagyedit':
      return { dataToSend: { ...context.strategyDetail, strategy_name: id } };
    case '/api/backtest':
      return { strategy_name: id, pair: context.pair, amount: '1000', days: 1 };
    case '/api/startbotdata':
      return {
        selectPair: context.pair,
        myStrategy: id,
        amount: '1000',
        category: 'Spot',
        botType: 'Advanced Multigrid',
        leverage: null,
      };
    default:
      return { botID: id };
  }
}

/** A bot's or cycle's row as `columns` pick it, and how many commands were ever queued for it. */
async function runnableWithQueue(
  db: Db,
  table: typeof bots | typeof cycles,
  commands: typeof botCommands | typeof cycleCommands,
  columns: Record<string, PgColumn>,
  id: string,
) {
  const [row] = await db.select(columns).from(table).where(eq(table.id, id));
  const queued = await db.select({ kind: commands.kind }).from(commands).where(eq(commands.runnableId, id));
  return { ...row, commands: queued.length };
}

/** The owner's record as the other member's request could change it: its settings and its commands. */
export async function snapshotOf(db: Db, names: Owned, id: string, ownerId: string): Promise<string> {
  if (names === 'bot') {
    const bot = await runnableWithQueue(
      db,
      bots,
      botCommands,
      {
        status: bots.status,
        investment: bots.investment,
        profitBook: bots.profitBook,
        pausePrice: bots.pausePrice,
        restartPrice: bots.restartPrice,
        stoplossPrice: bots.stoplossPrice,
        overbuyProtection: bots.overbuyProtection,
        strategyId: bots.strategyId,
      },
      id,
    );
    return JSON.stringify({ ...bot, status: undefined });
  }
  if (names === 'cycle') {
    const cycle = await runnableWithQueue(
      db,
      cycles,
      cycleCommands,
      {
        amount: cycles.amount,
        buyPrice: cycles.buyPrice,
        sellPrice: cycles.sellPrice,
        stopLoss: cycles.stopLoss,
        noOfCycle: cycles.noOfCycle,
      },
      id,
    );
    return JSON.stringify(cycle);
  }
  const rows = await db
    .select({ id: strategies.id, name: strategies.name, gridCount: strategies.gridCount, userId: strategies.userId })
    .from(strategies)
    .where(eq(strategies.name, id));
  const own = rows.filter((r) => r.userId === ownerId);
  const grids = await Promise.all(
    own.map((s) => db.select().from(strategyGrids).where(eq(strategyGrids.strategyId, s.id)).orderBy(asc(strategyGrids.gridNo))),
  );
  return JSON.stringify({ own, grids });
}
