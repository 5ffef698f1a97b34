/**
 * The demo member's live cycle: beside the demo bot, one cycle on the simulator with its buy and
 * sell a few ticks of the random walk from the live price, so a newcomer sees the Cycle page at
 * work (a buy, the half step, a sell, the count going up) within minutes of a first start.
 */
import { Decimal } from '../../../common/money';
import { SERVER } from '../../../common/messages';
import type { Config } from '../../config/config';
import type { Db } from '../../db/database';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import type { ExchangeServices } from '../../exchange/services';
import { systemClock } from '../clock';
import { startCycle } from '../cycles/start';
import { DomainError } from '../errors';

/**
 * On another pair than the demo bot's (a pair runs one bot or cycle). The simulator's walk moves
 * about 0.05 % a second, so bands of 0.2 % around the price fill in a minute or two.
 */
export const DEMO_CYCLE = { pair: 'ETHUSDT', amount: '500', count: 10, buy: '0.998', sell: '1.002', stopLoss: '0.95' } as const;

const roundTo = (value: Decimal, tick: Decimal, rounding: Decimal.Rounding) =>
  value.div(tick).toDecimalPlaces(0, rounding).times(tick);

export async function seedDemoCycle(
  deps: { config: Config; db: Db; exchange: ExchangeServices },
  userId: string,
): Promise<string> {
  const live = await surfaced(() => exchangeOf(deps).marketData.lastPrice(DEMO_CYCLE.pair));
  if (live === null) throw new DomainError('bot.no_live_price', SERVER.noLivePrice(DEMO_CYCLE.pair));
  const markets = await surfaced(() => exchangeOf(deps).gateway.markets('spot'));
  const tick = new Decimal(markets.find((m) => m.symbol === DEMO_CYCLE.pair)?.tickSize || '0.01');
  const price = new Decimal(live);
  const { cycle_id } = await startCycle({ ...deps, clock: systemClock }, userId, {
    category: 'Spot',
    pair: DEMO_CYCLE.pair,
    amount: DEMO_CYCLE.amount,
    cycleCount: DEMO_CYCLE.count,
    leverage: null,
    priceReachAt: roundTo(price.times(DEMO_CYCLE.buy), tick, Decimal.ROUND_DOWN).toFixed(),
    sellPriceAt: roundTo(price.times(DEMO_CYCLE.sell), tick, Decimal.ROUND_UP).toFixed(),
    stopLossAt: roundTo(price.times(DEMO_CYCLE.stopLoss), tick, Decimal.ROUND_DOWN).toFixed(),
  });
  return cycle_id;
}
