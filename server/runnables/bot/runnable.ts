/**
 * The grid bot as the engine's kernel runs it: the grid core (trading/) behind the
 * kernel's Runnable interface (server/engine/runnable.ts, which this module matches by shape so
 * that runnables never import the engine; engine-ports.ts checks it where the engine is
 * composed). Every grid call the engine makes is here: ticks into `step`, fills into
 * `applyFill`, failures into `orderFailed`, commands into stop, stop & sell and the edits.
 */
import { BOT_STATUS, type BotStatus, type MemberEvent } from '../../../common/api/bots';
import {
  applyFill,
  editOverbuyProtection,
  editPrices,
  editProfitBook,
  orderFailed,
  parsePrice,
  step,
  stop,
  stopAndSell,
  type Action,
  type GridBot,
  type LiquidationAction,
  type OrderAction,
  type Tick,
} from '../../../trading/index';
import { botCommands, botFills, botOrders, bots } from '../../db/schema';
import { figureColumnsOf, gridBotOf, statusColumnOf, stateColumnOf, stopReasonOf, type BotRow } from './codec';
import { APPLIED, refused, type CommandResult } from './commands';
import type { StopReason } from '../../../common/api/stop-reasons';

/** The kernel's order intent, as the bot decides it (slot: the grid; 0 for a sell-all or a liquidation). */
interface BotIntent {
  kind: 'buy' | 'sell' | 'sellAll' | 'liquidation';
  slot: number;
  quantity: string;
  price: string;
  /** A grid trades at market. */
  type: 'market';
}

interface BotDecision {
  orders: readonly BotIntent[];
  trackersOnly: boolean;
  skipped: readonly object[];
}

/** What is recorded before it happens: our orders, and a futures liquidation the exchange carries out. */
type Recorded = OrderAction | LiquidationAction;
const isRecorded = (a: Action): a is Recorded =>
  a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll' || a.kind === 'liquidation';
const intentOf = (o: Recorded): BotIntent => ({
  kind: o.kind,
  slot: o.kind === 'buy' || o.kind === 'sell' ? o.grid : 0,
  quantity: o.qty,
  price: o.price,
  type: 'market',
});

const TRACKERS_MOVED: BotDecision = { orders: [], trackersOnly: true, skipped: [] };

function decisionOf(actions: readonly Action[]): BotDecision {
  return {
    orders: actions.filter(isRecorded).map(intentOf),
    trackersOnly: false,
    skipped: actions.filter((a) => a.kind === 'skipped'),
  };
}

export class GridRunnable {
  constructor(readonly bot: GridBot) {}

  decide(tick: Tick): BotDecision | null {
    // The band of prices that cannot change the bot is a function of its trackers: a tick
    // without an order that moved the band moved a tracker, which must be persisted. (Its two
    // bounds are read as numbers: this runs for every bot on every tick.)
    const { lo, hi } = this.bot.band;
    const actions = step(this.bot, tick);
    if (actions.length === 0) return lo === this.bot.band.lo && hi === this.bot.band.hi ? null : TRACKERS_MOVED;
    return decisionOf(actions);
  }

  /** '148.10000000' is '148.1': a price is compared as the core parsed it. */
  decided(tick: Tick): boolean {
    return this.bot.px.s !== '' && this.bot.px.f === parsePrice(tick.price);
  }

  async command(kind: string, { ts, price }: { ts: number; price: string | null }, fresh: () => Promise<BotRow | undefined>) {
    const bot = this.bot;
    if (kind === 'stop') return { decision: decisionOf(stop(bot, { ts })), result: () => APPLIED };
    if (kind === 'stopAndSell') {
      // An order is out: stop & sell once it settled. Without a price there is nothing to sell at.
      if (bot.inFlight > 0 || price === null) return { decision: null, result: () => null };
      return {
        decision: decisionOf(stopAndSell(bot, { ts, price })),
        result: (): CommandResult | null => (bot.sellAllPending ? null : APPLIED),
      };
    }
    const row = await fresh();
    if (!row) return { decision: null, result: () => refused('bot_not_found') };
    editPrices(bot, { pausePrice: row.pausePrice, restartPrice: row.restartPrice, stoplossPrice: row.stoplossPrice });
    editProfitBook(bot, row.profitBook);
    editOverbuyProtection(bot, row.overbuyProtection);
    // The new levels apply to the price now, not only to the next change of it.
    const actions = price === null ? [] : step(bot, { ts, price });
    return { decision: actions.length > 0 ? decisionOf(actions) : null, result: () => APPLIED };
  }

  filled(fill: { side: 'buy' | 'sell'; slot: number; price: string; quantity: string; fee: string; ts: number }) {
    return applyFill(this.bot, {
      side: fill.side,
      grid: fill.slot,
      price: fill.price,
      qty: fill.quantity,
      fee: fill.fee,
      ts: fill.ts,
    });
  }

  liquidated(quantity: string, ts: number) {
    const price = this.bot.levels.liquidation?.d;
    if (price === undefined) return null;
    const applied = applyFill(this.bot, {
      side: 'sell',
      grid: 0,
      price: price.toFixed(),
      qty: quantity,
      fee: '0',
      ts,
      liquidation: true,
    });
    return applied === null ? null : { price: applied.price, quantity: applied.qty, cost: applied.quote, pnl: applied.pnl };
  }

  orderFailed(slot: number): void {
    orderFailed(this.bot, slot);
  }

  stop(ts: number): void {
    stop(this.bot, { ts });
  }

  get stopped(): boolean {
    return this.bot.status === 'stopped';
  }

  get paused(): boolean {
    return this.bot.status === 'paused';
  }

  get inFlight(): number {
    return this.bot.inFlight;
  }

  stopReason(): StopReason | null {
    return stopReasonOf(this.bot.statusReason);
  }

  statusColumn(previous: BotStatus): BotStatus {
    return statusColumnOf(this.bot, previous);
  }

  columns() {
    return { state: stateColumnOf(this.bot), ...figureColumnsOf(this.bot) };
  }

  get position(): string {
    return this.bot.position?.qty.toFixed() ?? '0';
  }

  get liquidationPrice(): string | null {
    return this.bot.levels.liquidation?.d.toFixed() ?? null;
  }

  get startedAt(): number | null {
    return this.bot.startTs;
  }
}

/** The bot's codec as the kernel uses it: the core from its row, its venue, and its member events. */
export const botCodec = {
  decode: (row: BotRow) => new GridRunnable(gridBotOf(row)),
  venueOf: (row: BotRow) =>
    row.category === 'Future'
      ? { market: 'futures' as const, leverage: row.leverage }
      : { market: 'spot' as const, leverage: null },
  statusEvent(row: { id: string; symbol: string }, status: BotStatus, reason: StopReason | null, at: Date): MemberEvent | null {
    if (status === BOT_STATUS.live) return null; // a restart after a pause: nothing to report
    return { kind: 'bot.stopped', botID: row.id, name: row.symbol, reason: reason ?? 'manual', status, at: at.toISOString() };
  },
  orderFailedEvent: (row: { id: string; symbol: string }, message: string, at: Date): MemberEvent => ({
    kind: 'bot.orderFailed',
    botID: row.id,
    name: row.symbol,
    message,
    at: at.toISOString(),
  }),
  /** The bots tables: the kernel's columns are theirs (server/engine/tables.ts). */
  tables: { runnables: bots, orders: botOrders, fills: botFills, commands: botCommands, runnableId: 'bot_id', slot: 'grid' },
};
