/**
 * POST /api/startcycledata: checks what a member must have (a subscription, bound keys, a pair
 * free of their other bots and cycles, enough free USDT) and the exchange's order rules (the
 * prices on the pair's tick, the amount buying its minimum order at the buy price), then records the cycle with the pair's exchange rules and the
 * state the engine takes it on from (it rests the first buy). Refusals are 400s whose message
 * the Cycle page shows as is (SPEC section 8: "if a bot is already running the server message
 * is shown").
 */
import { and, eq } from 'drizzle-orm';
import type { StartCycleResponse } from '../../../common/api/cycles';
import { Decimal } from '../../../common/decimal';
import { SERVER, UI } from '../../../common/messages';
import { sqlState, type Db } from '../../db/database';
import { cycles } from '../../db/schema';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import { ExchangeError } from '../../exchange/errors';
import type { LeverageBracket, Market, MarketInfo, MemberGateway } from '../../exchange/gateway';
import { storedMarketRules } from '../../runnables/bot/index';
import { recordEvent } from '../../runnables/member-events';
import { newCycleState } from '../../runnables/cycle/index';
import { marketRules } from '../../trading/index';
import { reservedBy, runningBots } from '../bots/reserve';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { KEY_MESSAGES, storedKey } from '../keys/keys';
import { isActive } from '../subscriptions/subscriptions';
import { checkRoundMinimum, pricesOnTick } from './order-rules';
import { cycleStartRules, type CycleStartInput, type StartCycleBody } from './start-rules';

export interface StartCycleDeps extends ExchangeDeps {
  clock: Clock;
}

const marketOf = (input: CycleStartInput): Market => (input.category === 'Future' ? 'futures' : 'spot');

/** The exchange refusing the key is the SPEC's 'API key is incorrect or IP is not allowed' case. */
function refusedKey(error: unknown): never {
  if (error instanceof ExchangeError && (error.kind === 'auth' || error.kind === 'permission')) throw new DomainError('keys.rejected', UI.apiKeyOrIp);
  throw error;
}

/**
 * One runnable per pair: a bot or another cycle of the member's trading the pair would share its
 * holdings (and, on futures, its one position), so either one's sell could sell the other's.
 */
async function checkPairFree(deps: StartCycleDeps, userId: string, pair: string): Promise<void> {
  const bots = await runningBots(deps.db, userId);
  if (bots.some((b) => b.symbol === pair)) throw new DomainError('cycle.pair_in_use', SERVER.cyclePairInUseByBot(pair));
  const [cycle] = await deps.db.select({ id: cycles.id }).from(cycles)
    .where(and(eq(cycles.userId, userId), eq(cycles.symbol, pair), eq(cycles.status, 'Live'))).limit(1);
  if (cycle) throw new DomainError('cycle.pair_in_use', SERVER.cyclePairInUseByCycle(pair));
}

async function pairRules(deps: StartCycleDeps, pair: string, market: Market): Promise<MarketInfo> {
  const markets = await surfaced(() => exchangeOf(deps).gateway.markets(market));
  const found = markets.find((m) => m.symbol === pair);
  if (!found) throw new DomainError('market.unknown_pair', SERVER.pairNotTradable(pair));
  return found;
}

/**
 * Free USDT of the cycle's wallet (spot, or the futures wallet's available margin) less what the
 * member's running bots of that wallet still hold back for their next buys, as a bot's start
 * checks it. A cycle's resting buy is locked on the exchange, so it is out of `free` already.
 */
async function checkBalance(deps: StartCycleDeps, userId: string, member: MemberGateway, input: CycleStartInput): Promise<void> {
  const balances = await surfaced(() => member.balances(marketOf(input)).catch(refusedKey));
  const free = new Decimal(balances.USDT?.free ?? '0');
  const available = Decimal.max(0, free.minus(reservedBy(await runningBots(deps.db, userId), input.category)));
  if (available.lt(input.amount)) throw new DomainError('wallet.insufficient_funds', SERVER.insufficientForCycle(available.toFixed(2), input.amount.toFixed()));
}

/** Future: the pair's maintenance-margin brackets, which the cycle's liquidation price comes from. */
async function futuresRules(member: MemberGateway, input: CycleStartInput): Promise<{ leverage: number; brackets: LeverageBracket[] } | null> {
  if (input.category !== 'Future') return null;
  return { leverage: input.leverage!, brackets: await surfaced(() => member.leverageBrackets(input.pair).catch(refusedKey)) };
}

export async function startCycle(deps: StartCycleDeps, userId: string, body: StartCycleBody): Promise<StartCycleResponse> {
  const input = cycleStartRules(body, deps.config.futuresEnabled);
  if (!(await isActive(deps.db, userId, deps.clock))) throw new DomainError('bot.subscription_required', SERVER.cycleSubscriptionRequired);
  const key = await storedKey(deps, userId);
  if (!key) throw new DomainError('keys.missing', KEY_MESSAGES.noKeys);
  await checkPairFree(deps, userId, input.pair);
  const market = await pairRules(deps, input.pair, marketOf(input));
  const given = { stepSize: market.stepSize || undefined, tickSize: market.tickSize || undefined, minNotional: market.minNotional || undefined,
    feeRate: '0.001' };
  const stored = storedMarketRules(marketRules(given), null);
  const prices = pricesOnTick(input, stored.tickSize);
  checkRoundMinimum({ ...input, ...prices, stepSize: stored.stepSize, minNotional: stored.minNotional });
  const member = exchangeOf(deps).gateway.member(key);
  await checkBalance(deps, userId, member, input);
  const futures = await futuresRules(member, input);
  const settings = { amount: input.amount.toFixed(), buyPrice: prices.buyPrice.toFixed(), sellPrice: prices.sellPrice.toFixed(),
    stopLoss: prices.stopLoss.toFixed(), noOfCycle: input.count, marketRules: storedMarketRules(marketRules({ ...given, futures }), futures) };
  // The start event is written with the row, so the member's event stream (the desktop's live
  // counts) never misses a cycle nor announces one that was refused.
  const cycleId = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(cycles).values({
      userId, status: 'Live', symbol: input.pair, category: input.category, leverage: input.leverage, ...settings,
      state: newCycleState(settings), startedAt: deps.clock(),
    }).returning({ id: cycles.id });
    await recordEvent(tx as unknown as Db, userId, { kind: 'cycle.started', cycleID: row!.id, name: input.pair, at: deps.clock().toISOString() });
    return row!.id;
  }).catch((error: unknown) => {
    // A start of the same pair committed since checkPairFree looked (cycles_live_pair_idx).
    if (sqlState(error).constraint === 'cycles_live_pair_idx') throw new DomainError('cycle.pair_in_use', SERVER.cyclePairInUseByCycle(input.pair));
    throw error;
  });
  return { message: UI.cycleStarting, cycle_id: cycleId };
}
