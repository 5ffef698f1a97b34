/**
 * A running bot's state as plain JSON, and the bot rebuilt from it: what the engine persists
 * with every order intent and fill, so a process that dies at any instant resumes exactly where
 * the database says it was. Only the state lives here; the strategy, the member's settings and
 * the market rules are stored beside it and passed back in. Cached thresholds and the quiet band
 * are not stored: they are recomputed exactly from what is.
 */
import { D, downBy, str, threshold, upBy } from './core/exact';
import { createGridBot, recomputeBand, refresh } from './state';
import type { BotParams, BotStatus, GridBot, GridPhase, MarketRules, StatusReason, StrategyDefinition } from './core/types';

export interface GridSnapshot {
  phase: GridPhase;
  qty: string;
  cost: string;
  buyPrice: string | null;
  /** Highest price since the take profit armed. */
  high: string | null;
}

export interface BotSnapshot {
  v: 1;
  status: BotStatus;
  statusReason: StatusReason | null;
  grids: GridSnapshot[];
  tracker: { target: number; armed: boolean; low: string | null };
  maxHeld: number;
  realized: string;
  inFlight: number;
  sellAllPending: boolean;
  marketSkipNoted: boolean;
  trades: number;
  datewise: Record<string, string>;
  startTs: number | null;
  lastTs: number | null;
  /** The last price the bot evaluated ('' before its first tick). */
  lastPrice: string;
  /** Futures: the position as the exchange keeps it, and whether its liquidation is awaited. */
  position?: { qty: string; entryPrice: string; margin: string };
  liquidating?: boolean;
}

export function snapshotOf(bot: GridBot): BotSnapshot {
  const datewise: Record<string, string> = {};
  for (const [day, pnl] of bot.datewise) datewise[day] = str(pnl);
  const t = bot.tracker;
  return {
    v: 1,
    status: bot.status,
    statusReason: bot.statusReason,
    grids: bot.grids.map((g) => ({
      phase: g.phase,
      qty: str(g.qty),
      cost: str(g.cost),
      buyPrice: g.buyPrice === null ? null : str(g.buyPrice),
      high: g.high === null ? null : str(g.high.d),
    })),
    tracker: { target: t.target, armed: t.armed, low: t.low === null ? null : str(t.low.d) },
    maxHeld: bot.maxHeld,
    realized: str(bot.realized),
    inFlight: bot.inFlight,
    sellAllPending: bot.sellAllPending,
    marketSkipNoted: bot.marketSkipNoted,
    trades: bot.trades,
    datewise,
    startTs: bot.startTs,
    lastTs: bot.lastTs,
    lastPrice: bot.px.s,
    ...(bot.position && {
      position: { qty: str(bot.position.qty), entryPrice: str(bot.position.entryPrice), margin: str(bot.position.margin) },
      liquidating: bot.liquidating,
    }),
  };
}

/** The bot `snapshot` describes; without one, a fresh bot. */
export function restoreBot(
  strategy: StrategyDefinition,
  params: BotParams,
  market: MarketRules,
  snapshot: BotSnapshot | null,
): GridBot {
  const bot = createGridBot(strategy, params, market);
  if (snapshot === null) return bot;
  if (snapshot.v !== 1 || snapshot.grids.length !== bot.grids.length) {
    throw new Error(`bot snapshot does not fit its strategy (${snapshot.grids.length} grids for ${bot.grids.length})`);
  }
  bot.status = snapshot.status;
  bot.statusReason = snapshot.statusReason;
  let heldQty = new D(0);
  let heldCost = new D(0);
  let holding = 0;
  snapshot.grids.forEach((s, i) => {
    const g = bot.grids[i]!;
    g.phase = s.phase;
    g.qty = new D(s.qty);
    g.cost = new D(s.cost);
    g.buyPrice = s.buyPrice === null ? null : new D(s.buyPrice);
    g.armAt = g.buyPrice === null ? null : threshold(upBy(g.buyPrice, g.def.tpUp));
    g.high = s.high === null ? null : threshold(new D(s.high));
    g.exitAt = s.high === null ? null : threshold(downBy(new D(s.high), g.def.tpDown));
    // A grid with an order out still holds (a sell) or holds nothing yet (a buy).
    if (s.phase === 'holding' || s.phase === 'armed' || s.phase === 'selling') {
      heldQty = heldQty.plus(g.qty);
      heldCost = heldCost.plus(g.cost);
      holding++;
    }
  });
  bot.holding = holding;
  bot.heldQty = heldQty;
  bot.heldCost = heldCost;
  bot.realized = new D(snapshot.realized);
  bot.inFlight = snapshot.inFlight;
  bot.sellAllPending = snapshot.sellAllPending;
  if (bot.position && snapshot.position) {
    bot.position.qty = new D(snapshot.position.qty);
    bot.position.entryPrice = new D(snapshot.position.entryPrice);
    bot.position.margin = new D(snapshot.position.margin);
    bot.liquidating = snapshot.liquidating === true;
  }
  bot.marketSkipNoted = snapshot.marketSkipNoted;
  bot.trades = snapshot.trades;
  for (const [day, pnl] of Object.entries(snapshot.datewise)) bot.datewise.set(day, new D(pnl));
  bot.startTs = snapshot.startTs;
  bot.lastTs = snapshot.lastTs;
  if (snapshot.lastPrice !== '') bot.px.set(snapshot.lastPrice);
  // Levels from the holdings; then the buy tracker exactly as it was. refresh() would re-derive
  // the target, which the running bot last did before its in-flight order: keep the stored one.
  refresh(bot);
  restoreTracker(bot, snapshot.tracker);
  bot.maxHeld = Math.max(snapshot.maxHeld, bot.holding);
  recomputeBand(bot);
  return bot;
}

function restoreTracker(bot: GridBot, saved: BotSnapshot['tracker']): void {
  const t = bot.tracker;
  const ref = saved.target > 1 ? bot.grids[saved.target - 2]?.buyPrice : null;
  if (saved.target > 1 && (ref === null || ref === undefined)) return; // cannot be: keep what refresh derived
  t.target = saved.target;
  t.armAt = saved.target > 1 ? threshold(downBy(ref!, bot.grids[saved.target - 1]!.def.buyDown)) : null;
  t.armed = saved.armed && saved.low !== null;
  t.low = t.armed ? threshold(new D(saved.low!)) : null;
  t.reboundAt = t.armed ? threshold(upBy(new D(saved.low!), bot.grids[saved.target - 1]!.def.buyUp)) : null;
}
