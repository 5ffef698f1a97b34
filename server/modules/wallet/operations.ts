/**
 * Transfers and swaps. Each one first claims the member's lock by recording itself 'pending'
 * (records.ts: one pending operation per member, across API processes), then checks the
 * balance (the exchange's free, then what the member's running bots and cycles leave free), then
 * calls the exchange and settles the record by the answer. An unknown outcome is
 * resolved by looking the operation up (a swap by its clientOrderId, a transfer in the transfer
 * history), never by repeating it; what stays unknown is left to the reconciler.
 */
import { randomUUID } from 'node:crypto';
import type { SwapRequest, TransferRequest } from '../../../common/api/exchange';
import { Decimal } from '../../../common/money';
import { SERVER, VALIDATION } from '../../../common/messages';
import { ExchangeError } from '../../exchange/errors';
import type { Market, MemberGateway } from '../../exchange/core/gateway';
import { DomainError } from '../errors';
import { exchangeOf } from '../../exchange/domain-errors';
import { memberGateway } from '../keys/keys';
import { balancesOf } from './balances';
import { refuseHeldByBots } from './held-by-bots';
import type { WalletDeps } from './deps';
import { serialised } from './locks';
import { WALLET_MESSAGES } from './messages';
import {
  claim,
  type ClaimOptions,
  isUniqueViolation,
  type NewOperation,
  type OperationRow,
  releaseTransferRef,
  RepeatedRequest,
  settle,
} from './records';
import { claimTransfer, findTransfer, type SentTransfer, type TransferLookup } from './transfer-match';
import { isReason } from '../../../common/reasons';

export { WALLET_MESSAGES } from './messages';

/** Test seams: how long to wait for the member's lock, how to look a transfer up. */
export interface OperationOptions {
  claim?: ClaimOptions;
  lookup?: Partial<TransferLookup>;
}

function idempotencyKey(userId: string, supplied: string | undefined): string {
  return `${userId}:${supplied ?? randomUUID()}`;
}

function forgetBalances(deps: WalletDeps, userId: string): void {
  exchangeOf(deps).balances.invalidate(userId);
}

/**
 * A retried request (same Idempotency-Key) gets the first one's answer and never runs again:
 * success once it succeeded, its refusal once refused, 'unknown outcome' while the reconciler
 * decides, and 'already submitted' while it is still running.
 */
function replay(prior: OperationRow, op: NewOperation, success: string): { message: string } {
  const same =
    prior.kind === op.kind &&
    prior.asset === op.asset &&
    new Decimal(prior.amount).eq(op.amount) &&
    prior.fromWallet === (op.fromWallet ?? null) &&
    prior.toWallet === (op.toWallet ?? null);
  if (!same) throw new DomainError('idempotency.key_reused', WALLET_MESSAGES.keyReused);
  if (prior.status === 'done') return { message: success };
  // The same refusal as the first run: its words and its reason.
  if (prior.status === 'failed') {
    throw new DomainError(
      isReason(prior.errorReason) ? prior.errorReason : 'wallet.previous_failed',
      prior.error ?? WALLET_MESSAGES.repeated,
    );
  }
  if (prior.status === 'unknown') throw new DomainError('wallet.unknown_outcome', WALLET_MESSAGES.unknownOutcome);
  throw new DomainError('wallet.repeated', WALLET_MESSAGES.repeated);
}

/** Claims the member's lock for `op`, or answers a repeated request from its first run. */
async function claimOrReplay(
  deps: WalletDeps,
  op: NewOperation,
  success: string,
  options?: ClaimOptions,
): Promise<{ id: string } | { replayed: { message: string } }> {
  try {
    return { id: await claim(deps, op, options) };
  } catch (error) {
    if (!(error instanceof RepeatedRequest)) throw error;
    return { replayed: replay(error.row, op, success) };
  }
}

/** Runs the checks made under the lock before sending; a refusal settles the record 'failed'. */
async function checked(deps: WalletDeps, id: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    // Nothing was sent, so 'failed' is certain; if even this write fails, the reconciler finds
    // the stale 'pending' row and settles it from the exchange.
    const reason = error instanceof DomainError ? error.reason : null;
    await settle(deps, id, 'failed', null, error instanceof Error ? error.message : String(error), reason);
    throw error;
  }
}

/** An exchange refusal settles 'failed' and reaches the member with the exchange's reason. */
async function refused(deps: WalletDeps, id: string, error: ExchangeError): Promise<never> {
  const reason = error.kind === 'insufficient_funds' ? 'wallet.insufficient_funds' : 'exchange.refused';
  await settle(deps, id, 'failed', null, error.message, reason);
  throw new DomainError(reason, error.message);
}

/**
 * The exchange's own answer names our tranId. Should a reconciler have matched that tranId to an
 * earlier identical 'unknown' transfer of the member a moment before (it leaves members with a
 * pending operation alone, so only a run already under way can), the answer wins and the
 * earlier operation goes back to 'unknown' for the next run.
 */
async function settleAnswered(deps: WalletDeps, sent: Omit<SentTransfer, 'sentAt'>, tranId: string): Promise<void> {
  try {
    await settle(deps, sent.id, 'done', tranId, null);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await releaseTransferRef(deps, sent.userId, sent.id, tranId);
    await settle(deps, sent.id, 'done', tranId, null);
  }
}

async function sendTransfer(
  deps: WalletDeps,
  gateway: MemberGateway,
  sent: Omit<SentTransfer, 'sentAt'>,
  lookup?: Partial<TransferLookup>,
): Promise<void> {
  const sentAt = deps.clock().getTime();
  let outcome: ExchangeError;
  try {
    const result = await gateway.transfer(sent.asset, sent.amount, sent.from, sent.to);
    await settleAnswered(deps, sent, result.id);
    return;
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error; // the row stays 'pending': the reconciler settles it
    if (error.kind !== 'unknown_outcome') return refused(deps, sent.id, error);
    outcome = error;
  }
  const found = await findTransfer(deps, gateway, { ...sent, sentAt }, lookup);
  if (found?.status === 'confirmed' && (await claimTransfer(deps, { ...sent, sentAt }, found))) return;
  await settle(deps, sent.id, 'unknown', null, outcome.message);
  throw new DomainError('wallet.unknown_outcome', WALLET_MESSAGES.unknownOutcome);
}

export async function transfer(
  deps: WalletDeps,
  userId: string,
  from: Market,
  to: Market,
  body: TransferRequest,
  requestKey?: string,
  options: OperationOptions = {},
): Promise<{ message: string }> {
  if (body.from !== from || body.to !== to)
    throw new DomainError('wallet.wrong_direction', WALLET_MESSAGES.wrongDirection(from, to));
  const amount = new Decimal(body.amount).toFixed();
  return serialised(deps.db, userId, async () => {
    const gateway = await memberGateway(deps, userId);
    const claimed = await claimOrReplay(
      deps,
      {
        userId,
        idempotencyKey: idempotencyKey(userId, requestKey),
        kind: 'transfer',
        asset: 'USDT',
        amount,
        fromWallet: from,
        toWallet: to,
      },
      SERVER.transferSuccessful,
      options.claim,
    );
    if ('replayed' in claimed) return claimed.replayed;
    const { id } = claimed;
    try {
      await checked(deps, id, async () => {
        const balances = await balancesOf(deps, userId, from, true);
        if (new Decimal(amount).gt(balances.USDT?.free ?? '0'))
          throw new DomainError('wallet.insufficient_funds', VALIDATION.transferExceeds);
        await refuseHeldByBots(deps.db, userId, from, 'USDT', balances.USDT, new Decimal(amount));
      });
      await sendTransfer(deps, gateway, { id, userId, asset: 'USDT', amount, from, to }, options.lookup);
    } finally {
      forgetBalances(deps, userId);
    }
    return { message: SERVER.transferSuccessful };
  });
}

/** Binance clientOrderIds: at most 36 of [.A-Za-z0-9:/_-]; derived from the record's id. */
export function swapClientOrderId(operationId: string): string {
  return `gdsw-${operationId.replace(/-/g, '')}`.slice(0, 36);
}

async function swapQuantity(deps: WalletDeps, asset: string, amount: Decimal): Promise<{ symbol: string; quantity: string }> {
  const exchange = exchangeOf(deps);
  const symbol = `${asset}USDT`;
  const market = (await exchange.gateway.markets('spot')).find((m) => m.symbol === symbol);
  if (!market) throw new DomainError('wallet.no_market', WALLET_MESSAGES.noMarket(asset));
  const quantity = amount.toNearest(market.stepSize, Decimal.ROUND_DOWN);
  const price = await exchange.marketData.lastPrice(symbol);
  if (quantity.lt(market.minQty) || quantity.isZero() || (price !== null && quantity.times(price).lt(market.minNotional))) {
    throw new DomainError('wallet.below_minimum', WALLET_MESSAGES.belowMinimum(market.minNotional));
  }
  return { symbol, quantity: quantity.toFixed() };
}

/** placeOrder already looks an unknown outcome up by clientOrderId; what it cannot find stays 'unknown'. */
async function sendSwap(deps: WalletDeps, id: string, send: () => Promise<string>): Promise<void> {
  try {
    await settle(deps, id, 'done', await send(), null);
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    if (error.kind !== 'unknown_outcome') return refused(deps, id, error);
    await settle(deps, id, 'unknown', null, error.message);
    throw new DomainError('wallet.unknown_outcome', WALLET_MESSAGES.unknownOutcome);
  }
}

export async function swapToUsdt(
  deps: WalletDeps,
  userId: string,
  body: SwapRequest,
  requestKey?: string,
  options: OperationOptions = {},
): Promise<{ message: string }> {
  const asset = body.asset.toUpperCase();
  const amount = new Decimal(body.amount);
  return serialised(deps.db, userId, async () => {
    const gateway = await memberGateway(deps, userId);
    // Market filters are public data: a swap the exchange would refuse is refused before any record.
    const { quantity } = await swapQuantity(deps, asset, amount);
    const id = randomUUID();
    const clientOrderId = swapClientOrderId(id);
    const claimed = await claimOrReplay(
      deps,
      { id, userId, idempotencyKey: idempotencyKey(userId, requestKey), kind: 'swap', asset, amount: quantity, clientOrderId },
      SERVER.swapSuccessful,
      options.claim,
    );
    if ('replayed' in claimed) return claimed.replayed;
    try {
      await checked(deps, id, async () => {
        const balance = (await balancesOf(deps, userId, 'spot', true))[asset];
        const free = balance?.free ?? '0';
        if (amount.gt(free)) throw new DomainError('wallet.insufficient_funds', WALLET_MESSAGES.insufficient(asset, free));
        await refuseHeldByBots(deps.db, userId, 'spot', asset, balance, amount);
      });
      await sendSwap(deps, id, async () => (await gateway.convertToUsdt(asset, quantity, clientOrderId)).id);
    } finally {
      forgetBalances(deps, userId);
    }
    return { message: SERVER.swapSuccessful };
  });
}
