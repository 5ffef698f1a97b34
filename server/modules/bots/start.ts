/**
 * POST /api/startbotdata: checks what a member must have (a subscription, bound keys, a strategy,
 * enough free USDT) and the amount rules, then records the bot with its own copy of the grids
 * and the pair's exchange rules. The engine claims it and acts on the price at once (grid 1 at
 * market). Refusals are 400s whose message the Start screen shows as is.
 */
import type { StartBotRequest, StartBotResponse } from '../../../common/api/bots';
import { SYSTEM_STRATEGY_NAME } from '../../../common/constants';
import { Decimal } from '../../../common/decimal';
import { SERVER, UI, VALIDATION } from '../../../common/messages';
import { DEFAULT_SYSTEM_STRATEGY } from '../../../common/schemas/bot-form';
import { botAmountShortfall } from '../../../common/schemas/bot-minimum';
import { detailToRows } from '../../../common/schemas/strategy';
import type { Db } from '../../db/database';
import { and, eq } from 'drizzle-orm';
import { bots, cycles } from '../../db/schema';
import { ExchangeError } from '../../exchange/errors';
import type { LeverageBracket, Market, MarketInfo, MemberGateway } from '../../exchange/gateway';
import { BOT_STATUS, storedGrids, storedMarketRules, strategyOf } from '../../runnables/bot/index';
import { recordEvent } from '../../runnables/member-events';
import { marketRules, normaliseStrategy, TradingInputError, type StrategyDefinition } from '../../trading/index';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { KEY_MESSAGES, storedKey } from '../keys/keys';
import { getSetting } from '../settings/settings';
import { toDetail } from '../strategies/detail';
import { findVisible, gridsOf } from '../strategies/queries';
import { isActive } from '../subscriptions/subscriptions';
import { liveBotToCopy } from './access';
import { reservedBy, runningBots } from './reserve';
import { startRules, type StartInput } from './start-rules';

export interface StartDeps extends ExchangeDeps {
  clock: Clock;
}

interface PickedStrategy {
  /** The strategy row the bot came from; null for a copy (the grids are another member's). */
  id: string | null;
  definition: StrategyDefinition;
}

async function strategyFor(deps: StartDeps, userId: string, picked: string): Promise<PickedStrategy> {
  const name = picked === SYSTEM_STRATEGY_NAME ? DEFAULT_SYSTEM_STRATEGY : picked;
  const found = await findVisible(deps.db, userId, name);
  if (!found || found.kind !== 'advanced') throw new DomainError('bot.strategy_unknown', SERVER.strategyNotFound);
  const rows = detailToRows(toDetail(found.name, await gridsOf(deps.db, found.id)));
  try {
    return { id: found.id, definition: normaliseStrategy({ strategyName: picked, noOfGrids: rows.length, tableData: rows }) };
  } catch (error) {
    if (error instanceof TradingInputError) throw new DomainError('strategy.invalid', error.message);
    throw error;
  }
}

/**
 * Copy BOTs: the grids the copied bot runs, from its own copy of them. Its strategy may be its
 * owner's, which no other member can pick by name (and a strategy of the copier's with the same
 * name must not stand in for it); the copy keeps no link to that strategy row.
 */
async function copiedStrategy(deps: StartDeps, copyBotID: string): Promise<PickedStrategy> {
  return { id: null, definition: strategyOf(await liveBotToCopy(deps.db, copyBotID)) };
}

/**
 * The minimum bot amount (common/schemas/bot-minimum.ts): the server's setting and the grid rule,
 * the same rule both start screens show before submitting, for a copy as for any other bot.
 */
async function checkAmount(deps: StartDeps, amount: Decimal, grids: number): Promise<void> {
  const shortfall = botAmountShortfall(amount, grids, await getSetting(deps.db, 'minimumBotAmount'));
  if (shortfall !== null) throw new DomainError('bot.amount_below_minimum', shortfall);
}

/** The exchange refusing the key is the SPEC's 'API key is incorrect or IP is not allowed' case. */
function refusedKey(error: unknown): never {
  if (error instanceof ExchangeError && (error.kind === 'auth' || error.kind === 'permission')) throw new DomainError('keys.rejected', UI.apiKeyOrIp);
  throw error;
}

/**
 * A member's live cycle on the pair keeps it (as a cycle refuses a pair a bot trades): the two
 * would share holdings, and on USD-M the one position, so either one's sell could sell the other's.
 */
async function checkNoCycleOnPair(db: Db, userId: string, pair: string): Promise<void> {
  const [cycle] = await db.select({ id: cycles.id }).from(cycles)
    .where(and(eq(cycles.userId, userId), eq(cycles.symbol, pair), eq(cycles.status, 'Live'))).limit(1);
  if (cycle) throw new DomainError('bot.pair_in_use', SERVER.botPairInUseByCycle(pair));
}

const marketOf = (input: StartInput): Market => (input.category === 'Future' ? 'futures' : 'spot');

/**
 * Free USDT of the bot's wallet (spot, or the futures wallet's available margin) less what the
 * member's running bots of that wallet still hold back for their next buys. USD-M keeps one
 * position per pair, so a second Future bot on a pair is refused.
 */
async function checkBalance(deps: StartDeps, userId: string, member: MemberGateway, input: StartInput): Promise<void> {
  const running = await runningBots(deps.db, userId);
  if (input.category === 'Future' && running.some((b) => b.category === 'Future' && b.symbol === input.pair)) {
    throw new DomainError('bot.pair_in_use', SERVER.futuresPairInUse(input.pair));
  }
  const balances = await surfaced(() => member.balances(marketOf(input)).catch(refusedKey));
  const free = new Decimal(balances.USDT?.free ?? '0');
  const available = Decimal.max(0, free.minus(reservedBy(running, input.category)));
  if (available.lt(input.amount)) throw new DomainError('bot.insufficient_balance', SERVER.insufficientForBot(available.toFixed(2), input.amount.toFixed()));
}

/** Future: the pair's maintenance-margin brackets, which the bot's liquidation price comes from. */
async function futuresRules(member: MemberGateway, input: StartInput): Promise<{ leverage: number; brackets: LeverageBracket[] } | null> {
  if (input.category !== 'Future') return null;
  return { leverage: input.leverage!, brackets: await surfaced(() => member.leverageBrackets(input.pair).catch(refusedKey)) };
}

async function pairRules(deps: StartDeps, pair: string, market: Market): Promise<MarketInfo> {
  const markets = await surfaced(() => exchangeOf(deps).gateway.markets(market));
  const found = markets.find((m) => m.symbol === pair);
  if (!found) throw new DomainError('bot.pair_not_tradable', SERVER.pairNotTradable(pair));
  return found;
}

async function checkPrices(deps: StartDeps, input: StartInput): Promise<void> {
  if (input.pausePrice === null && input.stoplossPrice === null) return;
  const md = exchangeOf(deps).marketData;
  const live = await surfaced(() => (input.category === 'Future' ? md.futuresPrice(input.pair) : md.lastPrice(input.pair)));
  if (live === null) throw new DomainError('bot.no_live_price', SERVER.noLivePrice(input.pair));
  if (input.pausePrice !== null && !input.pausePrice.gt(live)) throw new DomainError('validation.invalid', VALIDATION.pausePriceAboveLive);
  if (input.stoplossPrice !== null && !input.stoplossPrice.lt(live)) throw new DomainError('validation.invalid', VALIDATION.stopLossBelowLive);
}

export async function startBot(deps: StartDeps, userId: string, request: StartBotRequest): Promise<StartBotResponse> {
  const input = startRules(request, deps.config.futuresEnabled);
  if (!(await isActive(deps.db, userId, deps.clock))) throw new DomainError('bot.subscription_required', SERVER.subscriptionRequired);
  const key = await storedKey(deps, userId);
  if (!key) throw new DomainError('keys.missing', KEY_MESSAGES.noKeys);
  const copyOf = request.copyBotID || null; // '' is no copy, as when the field is absent
  const { id: strategyId, definition: strategy } = copyOf !== null
    ? await copiedStrategy(deps, copyOf)
    : await strategyFor(deps, userId, input.strategy);
  await checkAmount(deps, input.amount, strategy.grids.length);
  const market = await pairRules(deps, input.pair, marketOf(input));
  await checkNoCycleOnPair(deps.db, userId, input.pair);
  await checkPrices(deps, input);
  const member = exchangeOf(deps).gateway.member(key);
  await checkBalance(deps, userId, member, input);
  const futures = await futuresRules(member, input);
  const rules = marketRules({ stepSize: market.stepSize || undefined, tickSize: market.tickSize || undefined,
    minNotional: market.minNotional || undefined, feeRate: '0.001', futures });
  const botID = await deps.db.transaction(async (tx) => {
    const [bot] = await tx.insert(bots).values({
      userId, strategyId, status: BOT_STATUS.live, strategyName: strategy.name, strategySnapshot: storedGrids(strategy),
      symbol: input.pair, category: input.category, botType: input.botType, leverage: input.leverage, investment: input.amount.toFixed(),
      profitBook: input.profitBook?.toFixed() ?? null, pausePrice: input.pausePrice?.toFixed() ?? null,
      restartPrice: input.restartPrice?.toFixed() ?? null, stoplossPrice: input.stoplossPrice?.toFixed() ?? null,
      marketRules: storedMarketRules(rules, futures),
      totalGrid: strategy.grids.length, startedAt: deps.clock(),
    }).returning({ id: bots.id });
    await recordEvent(tx as unknown as Db, userId, { kind: 'bot.started', botID: bot!.id, name: input.pair, at: deps.clock().toISOString() });
    return bot!.id;
  });
  return { message: SERVER.userRequestCreated, botID };
}
