/**
 * The deep-path fuzz's picks made into request bodies: a pair of the listed markets (or one the
 * exchange does not list), prices as factors of its live price on its tick or off it, and
 * amounts measured against its minimum order and the member's wallet (amounts.ts).
 */
import { Decimal } from '../../../../common/money';
import { amountOf, cycleMinimum } from './amounts';
import type { BotEdit, CyclePrices, PairPick, PricePick, StartPick } from './deep-actions';

/** A pair the exchange lists, with its live price and its rules, read when the suite starts. */
export interface ListedPair {
  symbol: string;
  price: Decimal;
  tickSize: string;
  stepSize: string;
  minNotional: string;
}

export interface DeepMember {
  label: string;
  userId: string;
  token: string;
  /** The name of the member's own strategy. */
  strategy: string;
  /** The USDT each exchange wallet was given. */
  funds: { Spot: string; Future: string };
}

export interface Markets {
  pairs: readonly ListedPair[];
  botMinimum: Decimal;
}

/** Where a pair not listed borrows its price and rules from (its starts are refused before they matter). */
const UNLISTED_RULES = { price: new Decimal(1), tickSize: '0.0001', stepSize: '0.1', minNotional: '5' };

/** The pair as sent, and the listed pair it names (or stand-in rules). */
export function pairOf(markets: Markets, pick: PairPick): { sent: string; pair: ListedPair } {
  if ('listed' in pick) {
    const pair = markets.pairs[pick.listed % markets.pairs.length]!;
    return { sent: pair.symbol, pair };
  }
  const named = markets.pairs.find((p) => p.symbol === pick.unlisted.trim().toUpperCase());
  return { sent: pick.unlisted, pair: named ?? { symbol: pick.unlisted, ...UNLISTED_RULES } };
}

export function priceOf(pick: PricePick, pair: ListedPair): Decimal {
  const tick = new Decimal(pair.tickSize);
  const raw = pair.price.times(pick.factor);
  if (pick.onTick) return Decimal.max(tick, raw.div(tick).floor().times(tick));
  return raw.plus(tick.div(3)).toDecimalPlaces(12, Decimal.ROUND_DOWN);
}

const priceText = (pick: PricePick | null, pair: ListedPair) => (pick === null ? null : priceOf(pick, pair).toFixed());

/** Buy, sell and stop loss in order (z <= b < s) unless the pick says otherwise; the buy under any tick when it asks. */
export function cyclePricesOf(prices: CyclePrices, pair: ListedPair): { buy: Decimal; sell: Decimal; stop: Decimal } {
  const buy = prices.buy === 'below-tick' ? new Decimal('0.000000001') : priceOf(prices.buy, pair);
  return {
    buy,
    sell: buy.times(prices.sellFactor).toDecimalPlaces(18, Decimal.ROUND_UP),
    stop: buy.times(prices.stopFactor).toDecimalPlaces(18, Decimal.ROUND_DOWN),
  };
}

function leverageOf(leverage: unknown): number {
  const n = Number(String(leverage).replace(/x$/i, ''));
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : 1;
}

/** POST /api/startcycledata's body. */
export function cycleBody(
  markets: Markets,
  member: DeepMember,
  sent: string,
  pair: ListedPair,
  start: StartPick,
): Record<string, unknown> {
  const { buy, sell, stop } = cyclePricesOf(start.prices, pair);
  const leverage = start.category === 'Future' ? leverageOf(start.leverage) : 1;
  const minimum = cycleMinimum(buy, pair.stepSize, pair.minNotional).div(leverage).toDecimalPlaces(18, Decimal.ROUND_UP);
  const amount = amountOf(start.amount, {
    botMinimum: markets.botMinimum,
    cycleMinimum: minimum,
    wallet: new Decimal(member.funds[start.category]),
  });
  return {
    category: start.category,
    pair: sent,
    amount,
    priceReachAt: buy.toFixed(),
    sellPriceAt: sell.toFixed(),
    stopLossAt: stop.toFixed(),
    cycleCount: start.count,
    leverage: start.category === 'Future' ? start.leverage : null,
  };
}

/** POST /api/startbotdata's body; `copyBotID` makes it a copy. */
export function botBody(
  markets: Markets,
  member: DeepMember,
  other: DeepMember,
  sent: string,
  pair: ListedPair,
  start: StartPick,
  copyBotID: string | null,
): Record<string, unknown> {
  const strategy = { own: member.strategy, system: 'System Strategy', other: other.strategy }[start.strategy];
  // A bot has no minimum order of its own at the start: its minimum is the bot's.
  const amount = amountOf(start.amount, {
    botMinimum: markets.botMinimum,
    cycleMinimum: markets.botMinimum,
    wallet: new Decimal(member.funds[start.category]),
  });
  return {
    selectPair: sent,
    myStrategy: strategy,
    amount,
    category: start.category,
    botType: 'Advanced Multigrid',
    leverage: start.category === 'Future' ? start.leverage : null,
    profitbookat: start.profitBook,
    sellPausePrice: priceText(start.pause, pair),
    stoplossPrice: priceText(start.stoploss, pair),
    restartPrice: priceText(start.restart, pair),
    ...(copyBotID === null ? {} : { copyBotID }),
  };
}

/** POST /api/editcycle's body for the cycle `cycleId` on `pair`. */
export function cycleEditBody(cycleId: string, pair: ListedPair, prices: CyclePrices, count: unknown): Record<string, unknown> {
  const { buy, sell, stop } = cyclePricesOf(prices, pair);
  return {
    cycle_id: cycleId,
    buy_price: buy.toFixed(),
    sell_price: sell.toFixed(),
    stop_loss: stop.toFixed(),
    no_of_cycle: count,
  };
}

/** The route and body of a bot edit. */
export function botEditRequest(botID: string, pair: ListedPair, edit: BotEdit): { url: string; body: Record<string, unknown> } {
  switch (edit.kind) {
    case 'profitBook':
      return { url: '/api/editprofitbookat', body: { botID, profitBookValue: edit.value } };
    case 'protection':
      return {
        url: '/api/gridprotectionadd',
        body: { botID, overbuyProtectionValue: edit.value, protectionActive: edit.active },
      };
    case 'sltp':
      return {
        url: '/api/sltpedit',
        body: {
          botID,
          sellAllAndPausePrice: priceText(edit.pause, pair),
          restartPrice: priceText(edit.restart, pair),
          stoplossPrice: priceText(edit.stoploss, pair),
        },
      };
  }
}

/** A listed pair by its symbol (the pair a member's bot or cycle runs on), or stand-in rules. */
export function listedPair(markets: Markets, symbol: string): ListedPair {
  return markets.pairs.find((p) => p.symbol === symbol) ?? { symbol, ...UNLISTED_RULES };
}
