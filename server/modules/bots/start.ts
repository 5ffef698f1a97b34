/**
 * POST /api/startbotdata (and a Copy BOT's start; a Scalping Grid is refused: coming soon): checks what a member must have (a subscription,
 * bound keys, a strategy, a pair free of their cycles, enough free USDT) and the amount rules,
 * then records the bot with its own copy of the grids and the pair's exchange rules; the checks
 * and the record are one start under the member's start lock (../runnables/starting.ts). The engine claims it and acts on the price at once (grid 1 at
 * market). Refusals are 400s whose message the Start screen shows as is.
 */
import { SCALPING_GRID, type StartBotRequest, type StartBotResponse } from '../../../common/api/bots';
import { SYSTEM_STRATEGY_NAME } from '../../../common/constants';
import { type Decimal } from '../../../common/money';
import { SERVER, VALIDATION } from '../../../common/messages';
import { DEFAULT_SYSTEM_STRATEGY } from '../../../common/schemas/bot-form';
import { botAmountShortfall } from '../../../common/schemas/bot-minimum';
import { detailToRows } from '../../../common/schemas/strategy';
import type { Db } from '../../db/database';
import { bots } from '../../db/schema';
import type { LeverageBracket, Market, MemberKey } from '../../exchange/core/gateway';
import { BOT_STATUS, storedGrids, storedMarketRules, strategyOf } from '../../runnables/bot/index';
import { recordEvent } from '../../runnables/member-events';
import { marketRules, normaliseStrategy, TradingInputError, type StrategyDefinition } from '../../../trading/index';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { getSetting } from '../settings/settings';
import { toDetail } from '../strategies/detail';
import { findVisible, gridsOf } from '../strategies/queries';
import { liveBotToCopy } from './access';
import { checkPositionLimit } from '../runnables/position-limit';
import { runningBots } from '../runnables/reserve';
import { startExclusively, type PendingStart } from '../runnables/starting';
import { startingMemberKey } from '../runnables/starting-member';
import { cycleHoldsPair } from '../runnables/pair-in-use';
import { checkFunds, futuresRules, pairRules } from '../runnables/start-checks';
import { quoteAtHand } from '../wallet/quote-at-hand';
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

/**
 * The pair is free for a bot (under the member's start lock, ../runnables/starting.ts): a live or
 * starting cycle on it keeps it (the two would share holdings, and on USD-M the one position, so
 * either one's sell could sell the other's), and USD-M keeps one position per pair, so a second
 * Future bot on it is refused.
 */
async function checkPairFree(tx: Db, userId: string, input: StartInput, pending: readonly PendingStart[]): Promise<void> {
  const pair = input.pair;
  if (await cycleHoldsPair(tx, userId, pair, pending)) throw new DomainError('bot.pair_in_use', SERVER.botPairInUseByCycle(pair));
  if (input.category !== 'Future') return;
  const futureOnPair = (b: { category: string; symbol: string }) => b.category === 'Future' && b.symbol === pair;
  if ((await runningBots(tx, userId)).some(futureOnPair) || pending.some((p) => p.kind === 'bot' && futureOnPair(p))) {
    throw new DomainError('bot.pair_in_use', SERVER.futuresPairInUse(pair));
  }
}

const PAIR_NOT_TRADABLE = { reason: 'bot.pair_not_tradable', message: SERVER.pairNotTradable } as const;
const SHORT_FOR_BOT = { reason: 'bot.insufficient_balance', message: SERVER.insufficientForBot } as const;

async function checkPrices(deps: StartDeps, input: StartInput): Promise<void> {
  if (input.pausePrice === null && input.stoplossPrice === null) return;
  const md = exchangeOf(deps).marketData;
  const live = await surfaced(() => (input.category === 'Future' ? md.futuresPrice(input.pair) : md.lastPrice(input.pair)));
  if (live === null) throw new DomainError('bot.no_live_price', SERVER.noLivePrice(input.pair));
  if (input.pausePrice !== null && !input.pausePrice.gt(live))
    throw new DomainError('validation.invalid', VALIDATION.pausePriceAboveLive);
  if (input.stoplossPrice !== null && !input.stoplossPrice.lt(live))
    throw new DomainError('validation.invalid', VALIDATION.stopLossBelowLive);
}

const marketOf = (input: StartInput): Market => (input.category === 'Future' ? 'futures' : 'spot');

interface PreparedBot {
  rules: ReturnType<typeof marketRules>;
  futures: { leverage: number; brackets: LeverageBracket[] } | null;
}

/** The exchange's checks: the pair, the prices against the live one, the balance, the futures brackets. */
async function prepareBot(
  deps: StartDeps,
  userId: string,
  key: MemberKey,
  input: StartInput,
  startId: string,
): Promise<PreparedBot> {
  const market = await pairRules(deps, input.pair, marketOf(input), PAIR_NOT_TRADABLE);
  await checkPrices(deps, input);
  const member = exchangeOf(deps).gateway.member(key);
  checkFunds(await quoteAtHand(deps.db, deps.clock, userId, member, input.category, startId), input.amount, SHORT_FOR_BOT);
  const futures = await futuresRules(member, input);
  if (futures) checkPositionLimit(input.pair, input.amount, futures);
  const rules = marketRules({
    stepSize: market.stepSize || undefined,
    tickSize: market.tickSize || undefined,
    minNotional: market.minNotional || undefined,
    feeRate: '0.001',
    futures,
  });
  return { rules, futures };
}

/** The bot's row, with its own copy of the grids and the pair's rules, and its start event. */
async function recordBot(
  tx: Db,
  deps: StartDeps,
  userId: string,
  input: StartInput,
  picked: PickedStrategy,
  { rules, futures }: PreparedBot,
): Promise<string> {
  const { id: strategyId, definition: strategy } = picked;
  const [bot] = await tx
    .insert(bots)
    .values({
      userId,
      strategyId,
      status: BOT_STATUS.live,
      strategyName: strategy.name,
      strategySnapshot: storedGrids(strategy),
      symbol: input.pair,
      category: input.category,
      botType: input.botType,
      leverage: input.leverage,
      investment: input.amount.toFixed(),
      profitBook: input.profitBook?.toFixed() ?? null,
      pausePrice: input.pausePrice?.toFixed() ?? null,
      restartPrice: input.restartPrice?.toFixed() ?? null,
      stoplossPrice: input.stoplossPrice?.toFixed() ?? null,
      marketRules: storedMarketRules(rules, futures),
      totalGrid: strategy.grids.length,
      startedAt: deps.clock(),
    })
    .returning({ id: bots.id });
  await recordEvent(tx, userId, { kind: 'bot.started', botID: bot!.id, name: input.pair, at: deps.clock().toISOString() });
  return bot!.id;
}

/** Scalping Grid is coming soon (SPEC section 1): its start is refused whatever the body says. */
export function scalpingComingSoon(): DomainError {
  return new DomainError('bot.coming_soon', SERVER.scalpingComingSoon);
}

/**
 * The start of the body's bot type: the server, not a client, decides where a type goes. An
 * Advanced Multigrid starts; a Scalping Grid is refused as at POST /api/startscalp.
 */
export function startBotOfType(deps: StartDeps, userId: string, request: StartBotRequest): Promise<StartBotResponse> {
  if (request.botType === SCALPING_GRID) return Promise.reject(scalpingComingSoon());
  return startBot(deps, userId, request);
}

export async function startBot(deps: StartDeps, userId: string, request: StartBotRequest): Promise<StartBotResponse> {
  const input = startRules(request, deps.config.futuresEnabled);
  const key = await startingMemberKey(deps, userId, SERVER.subscriptionRequired);
  const copyOf = request.copyBotID || null; // '' is no copy, as when the field is absent
  const picked = copyOf !== null ? await copiedStrategy(deps, copyOf) : await strategyFor(deps, userId, input.strategy);
  await checkAmount(deps, input.amount, picked.definition.grids.length);
  const claim = { userId, kind: 'bot' as const, symbol: input.pair, category: input.category, amount: input.amount.toFixed() };
  const botID = await startExclusively(deps.db, deps.clock, claim, {
    pairFree: (tx, pending) => checkPairFree(tx, userId, input, pending),
    prepare: (startId) => prepareBot(deps, userId, key, input, startId),
    record: (tx, prepared) => recordBot(tx, deps, userId, input, picked, prepared),
  });
  return { message: SERVER.userRequestCreated, botID };
}
