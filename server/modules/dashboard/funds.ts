/**
 * GET /api/pichart: the spot USDT wallet and the live bots' share of it (SPEC: Total Funds).
 *
 * usdt: the member's spot USDT total (free + locked) from their balance feed: the user-data
 * stream's book, or the budgeted REST cache while the stream is not up, never a new exchange
 * call per poll. chartData: one slice per Live or Pause bot, its investment (the renderer folds
 * them to 8 plus 'Others'). availableBalance: what a new bot may use, the wallet minus what
 * running bots still hold in reserve for their next buys: per bot max(0, investment - held
 * cost), the held coins no longer being USDT. Never below 0.
 */
import type { PieChartResponse, PieSlice } from '../../../common/api/bots';
import { Decimal } from '../../../common/money';
import { pairLabel } from '../../../common/pairs';
import { plain } from '../runnables/figures';
import type { RunnableDeps } from '../runnables/deps';
import { reservedBy, runningBots } from '../runnables/reserve';
import { surfaced } from '../../exchange/domain-errors';
import { storedKey } from '../keys/keys';

const EMPTY: PieChartResponse = { chartData: [], usdt: '0', availableBalance: '0' };

async function spotUsdt(deps: RunnableDeps, userId: string): Promise<string | null> {
  const exchange = deps.exchange;
  if (!exchange) return null;
  const key = await storedKey(deps, userId);
  if (!key) return null;
  const balances = await surfaced(() => exchange.balances.read(userId, key, exchange.gateway.member(key), 'spot'));
  return balances.USDT?.total ?? '0';
}

export async function pieChart(deps: RunnableDeps, userId: string): Promise<PieChartResponse> {
  const [usdt, running] = await Promise.all([spotUsdt(deps, userId), runningBots(deps.db, userId)]);
  if (usdt === null) return EMPTY;
  const chartData: PieSlice[] = running.map((bot) => ({
    label: `${pairLabel(bot.symbol)} ${bot.id.slice(0, 6)}`,
    value: plain(bot.investment),
  }));
  return {
    chartData,
    usdt: plain(usdt),
    availableBalance: Decimal.max(0, new Decimal(usdt).minus(reservedBy(running, 'Spot'))).toFixed(),
  };
}
