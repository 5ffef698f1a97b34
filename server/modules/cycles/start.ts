/**
 * POST /api/startcycledata: checks what a member must have (a subscription, bound keys, a pair
 * free of their other bots, cycles and starts, enough free USDT) and then the exchange's order
 * rules (the prices on the pair's tick, the amount buying its minimum order at the buy price),
 * then records the cycle with the pair's exchange rules and the state the engine takes it on
 * from (it rests the first buy). The checks and the record are one start under the member's
 * start lock (../runnables/starting.ts). Refusals are 400s whose message
 * the Cycle page shows as is (SPEC section 8: "if a bot is already running the server message
 * is shown").
 */
import type { StartCycleResponse } from '../../../common/api/cycles';
import { SERVER, UI } from '../../../common/messages';
import { sqlState, type Db } from '../../db/database';
import { cycles } from '../../db/schema';
import { exchangeOf } from '../../exchange/domain-errors';
import type { Market, MemberKey } from '../../exchange/core/gateway';
import { storedMarketRules } from '../../runnables/bot/index';
import { recordEvent } from '../../runnables/member-events';
import { newCycleState } from '../../runnables/cycle/index';
import { marketRules } from '../../../trading/index';
import { checkPositionLimit } from '../runnables/position-limit';
import { runningBots } from '../runnables/reserve';
import { startExclusively, type PendingStart } from '../runnables/starting';
import { startingMemberKey } from '../runnables/starting-member';
import { cycleHoldsPair } from '../runnables/pair-in-use';
import { checkFunds, futuresRules, pairRules } from '../runnables/start-checks';
import { quoteAtHand } from '../wallet/quote-at-hand';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { checkRoundMinimum, pricesOnTick } from './order-rules';
import { cycleStartRules, type CycleStartInput, type StartCycleBody } from './start-rules';

export interface StartCycleDeps extends ExchangeDeps {
  clock: Clock;
}

const marketOf = (input: CycleStartInput): Market => (input.category === 'Future' ? 'futures' : 'spot');

/**
 * One runnable per pair: a bot or another cycle of the member's trading the pair (or starting on
 * it) would share its holdings (and, on futures, its one position), so either one's sell could
 * sell the other's. Runs under the member's start lock (../runnables/starting.ts).
 */
async function checkPairFree(tx: Db, userId: string, pair: string, pending: readonly PendingStart[]): Promise<void> {
  const bots = await runningBots(tx, userId);
  if (bots.some((b) => b.symbol === pair) || pending.some((p) => p.kind === 'bot' && p.symbol === pair)) {
    throw new DomainError('cycle.pair_in_use', SERVER.cyclePairInUseByBot(pair));
  }
  if (await cycleHoldsPair(tx, userId, pair, pending))
    throw new DomainError('cycle.pair_in_use', SERVER.cyclePairInUseByCycle(pair));
}

const PAIR_NOT_TRADABLE = { reason: 'market.unknown_pair', message: SERVER.pairNotTradable } as const;
const SHORT_FOR_CYCLE = { reason: 'wallet.insufficient_funds', message: SERVER.insufficientForCycle } as const;

type CycleSettings = Pick<
  typeof cycles.$inferInsert,
  'amount' | 'buyPrice' | 'sellPrice' | 'stopLoss' | 'noOfCycle' | 'marketRules'
>;

/**
 * The exchange's checks, in the order that keeps them cheap and safe: the pair, the balance, then
 * the pair's order rules (the prices on its tick, a round's buy at least its minimum order).
 */
async function prepareCycle(
  deps: StartCycleDeps,
  userId: string,
  key: MemberKey,
  input: CycleStartInput,
  startId: string,
): Promise<CycleSettings> {
  const market = await pairRules(deps, input.pair, marketOf(input), PAIR_NOT_TRADABLE);
  const member = exchangeOf(deps).gateway.member(key);
  checkFunds(await quoteAtHand(deps.db, deps.clock, userId, member, input.category, startId), input.amount, SHORT_FOR_CYCLE);
  const given = {
    stepSize: market.stepSize || undefined,
    tickSize: market.tickSize || undefined,
    minNotional: market.minNotional || undefined,
    feeRate: '0.001',
  };
  const stored = storedMarketRules(marketRules(given), null);
  const prices = pricesOnTick(input, stored.tickSize);
  checkRoundMinimum({ ...input, ...prices, stepSize: stored.stepSize, minNotional: stored.minNotional });
  const futures = await futuresRules(member, input);
  if (futures) checkPositionLimit(input.pair, input.amount, futures);
  return {
    amount: input.amount.toFixed(),
    buyPrice: prices.buyPrice.toFixed(),
    sellPrice: prices.sellPrice.toFixed(),
    stopLoss: prices.stopLoss.toFixed(),
    noOfCycle: input.count,
    marketRules: storedMarketRules(marketRules({ ...given, futures }), futures),
  };
}

/** The cycle's row, with its start event: the member's event stream never misses a cycle nor announces a refused one. */
async function recordCycle(
  tx: Db,
  deps: StartCycleDeps,
  userId: string,
  input: CycleStartInput,
  settings: CycleSettings,
): Promise<string> {
  const [row] = await tx
    .insert(cycles)
    .values({
      userId,
      status: 'Live',
      symbol: input.pair,
      category: input.category,
      leverage: input.leverage,
      ...settings,
      state: newCycleState(settings as Parameters<typeof newCycleState>[0]),
      startedAt: deps.clock(),
    })
    .returning({ id: cycles.id });
  await recordEvent(tx, userId, { kind: 'cycle.started', cycleID: row!.id, name: input.pair, at: deps.clock().toISOString() });
  return row!.id;
}

export async function startCycle(deps: StartCycleDeps, userId: string, body: StartCycleBody): Promise<StartCycleResponse> {
  const input = cycleStartRules(body, deps.config.futuresEnabled);
  const key = await startingMemberKey(deps, userId, SERVER.cycleSubscriptionRequired);
  const claim = { userId, kind: 'cycle' as const, symbol: input.pair, category: input.category, amount: input.amount.toFixed() };
  const cycleId = await startExclusively(deps.db, deps.clock, claim, {
    pairFree: (tx, pending) => checkPairFree(tx, userId, input.pair, pending),
    prepare: (startId) => prepareCycle(deps, userId, key, input, startId),
    record: (tx, settings) => recordCycle(tx, deps, userId, input, settings),
  }).catch((error: unknown) => {
    // The database's own guard (cycles_live_pair_idx): a start of the same pair committed first.
    if (sqlState(error).constraint === 'cycles_live_pair_idx')
      throw new DomainError('cycle.pair_in_use', SERVER.cyclePairInUseByCycle(input.pair));
    throw error;
  });
  return { message: UI.cycleStarting, cycle_id: cycleId };
}
