/**
 * Money at hand: what of each wallet asset the member's running bots and live cycles hold, and
 * what is left for the member to move or sell (issue: Transfer offered 9900.32 USDT while the
 * dashboard said 9000.00 were available, 900.32 being kept by a running bot).
 *
 * Each holding says how much a bot or cycle holds (`amount`, what the member reads) and how much
 * of that the exchange still counts as free (`inFree`): a Spot bot trades at market, so the USDT
 * it keeps for its next buys and the coins it bought sit in the free balance; a cycle rests LIMIT
 * orders, so its USDT or coins are locked on the exchange (out of free already) while its order
 * rests, and a Future position's margin is used margin. Pure: decimals in, decimal strings out.
 */
import type { MoneyAtHand, WalletHolder } from '../../../common/api/exchange';
import { Decimal } from '../../../common/money';
import { pairLabel, QUOTE_ASSETS } from '../../../common/pairs';
import type { Market } from '../../exchange/core/gateway';
import { reserveOf } from '../runnables/reserve-rule';

/** A Live or Pause bot, as its row records it. */
export interface BotHoldingRow {
  id: string;
  symbol: string;
  category: string;
  leverage: number | null;
  investment: string;
  heldQty: string;
  heldCost: string;
}

/** A Live cycle, as its row records it. */
export interface CycleHoldingRow {
  id: string;
  symbol: string;
  category: string;
  amount: string;
  heldQty: string;
  heldCost: string;
}

/** A bot or cycle start under way (modules/runnables/starting.ts): nothing placed yet. */
export interface StartHoldingRow {
  id: string;
  kind: 'bot' | 'cycle';
  symbol: string;
  category: string;
  amount: string;
}

export interface Holding {
  market: Market;
  asset: string;
  holder: WalletHolder;
  /** The part of `holder.amount` the exchange still counts as free (the rest it has locked). */
  inFree: Decimal;
}

const ZERO = new Decimal(0);

/** 'BTCUSDT' -> 'BTC'; null for a symbol without a known quote (nothing to attribute). */
function baseOf(symbol: string): string | null {
  const quote = QUOTE_ASSETS.find((q) => symbol.length > q.length && symbol.endsWith(q));
  return quote ? symbol.slice(0, -quote.length) : null;
}

/** Every positive holding of the given bots, cycles and starts under way, per wallet and asset. */
export function holdingsOf(
  bots: readonly BotHoldingRow[],
  cycles: readonly CycleHoldingRow[],
  starts: readonly StartHoldingRow[] = [],
): Holding[] {
  const out: Holding[] = [];
  const add = (
    market: Market,
    asset: string | null,
    kind: WalletHolder['kind'],
    row: { id: string; symbol: string },
    amount: Decimal,
    inFree: Decimal,
  ) => {
    if (asset === null || !amount.gt(0)) return;
    const holder: WalletHolder = {
      kind,
      id: row.id,
      label: `${pairLabel(row.symbol)} ${row.id.slice(0, 6)}`,
      amount: amount.toFixed(),
    };
    out.push({ market, asset, holder, inFree: Decimal.max(0, Decimal.min(amount, inFree)) });
  };
  for (const bot of bots) {
    if (bot.category === 'Future') {
      // The investment is margin: what positions use is locked, the rest (its reserve) waits in the free margin.
      add('futures', 'USDT', 'bot', bot, new Decimal(bot.investment), reserveOf(bot));
    } else {
      // As the dashboard's available balance: the investment less what it already spent on coins.
      const reserve = reserveOf(bot);
      add('spot', 'USDT', 'bot', bot, reserve, reserve);
      const held = new Decimal(bot.heldQty);
      add('spot', baseOf(bot.symbol), 'bot', bot, held, held);
    }
  }
  for (const cycle of cycles) {
    const amount = new Decimal(cycle.amount);
    if (cycle.category === 'Future') {
      add('futures', 'USDT', 'cycle', cycle, amount, ZERO);
    } else {
      // Waiting to buy: its amount rests in a buy order; holding: its coins rest in a sell order.
      add('spot', 'USDT', 'cycle', cycle, Decimal.max(0, amount.minus(cycle.heldCost)), ZERO);
      add('spot', baseOf(cycle.symbol), 'cycle', cycle, new Decimal(cycle.heldQty), ZERO);
    }
  }
  for (const start of starts) {
    // Its amount is still in the exchange's free balance: it is committed, not placed yet.
    const amount = new Decimal(start.amount);
    add(start.category === 'Future' ? 'futures' : 'spot', 'USDT', start.kind, start, amount, amount);
  }
  return out;
}

/**
 * One asset's split. free = exchange free - what bots keep in it - what they hold beyond what
 * the exchange has locked (an order not resting yet), never below 0; a member's own resting
 * order stays theirs, out of free as the exchange says.
 */
export function moneyAtHand(
  balance: { free: string; total: string } | undefined,
  holdings: readonly Holding[],
): Required<MoneyAtHand> & { holders: WalletHolder[] } {
  const exchangeFree = new Decimal(balance?.free ?? '0');
  const locked = Decimal.max(0, new Decimal(balance?.total ?? '0').minus(exchangeFree));
  let inBots = ZERO;
  let inFree = ZERO;
  for (const h of holdings) {
    inBots = inBots.plus(h.holder.amount);
    inFree = inFree.plus(h.inFree);
  }
  const notLockedYet = Decimal.max(0, inBots.minus(inFree).minus(locked));
  const free = Decimal.max(0, exchangeFree.minus(inFree).minus(notLockedYet));
  const holders = holdings.map((h) => h.holder).sort((a, b) => new Decimal(b.amount).comparedTo(a.amount));
  return { free: free.toFixed(), inBots: inBots.toFixed(), holders };
}

/** The holdings of one wallet asset. */
export function holdingsFor(holdings: readonly Holding[], market: Market, asset: string): Holding[] {
  return holdings.filter((h) => h.market === market && h.asset === asset);
}
