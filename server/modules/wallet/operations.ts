/**
 * Transfers and swaps. Each is recorded (unique idempotency key) before the exchange is
 * called; an unknown outcome is resolved by looking the order up by its clientOrderId, never by
 * repeating; the member's operations run one at a time so balance checks cannot race.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SwapRequest, TransferRequest } from '../../../common/api/exchange';
import { Decimal } from '../../../common/decimal';
import { SERVER, VALIDATION } from '../../../common/messages';
import { walletOperations } from '../../db/schema';
import { ExchangeError } from '../../exchange/errors';
import type { Market } from '../../exchange/gateway';
import { DomainError } from '../errors';
import { exchangeOf, type ExchangeDeps } from '../keys/exchange-deps';
import { memberGateway } from '../keys/keys';
import { balancesOf } from './balances';
import { serialised } from './locks';

export const WALLET_MESSAGES = {
  wrongDirection: (from: Market, to: Market) => `This call transfers from ${from} to ${to}.`,
  unknownOutcome: 'The exchange did not confirm the operation. Check your balances before trying again.',
  repeated: 'This request was already submitted.',
  noMarket: (asset: string) => `${asset} cannot be swapped: there is no ${asset}/USDT market.`,
  belowMinimum: (min: string) => `The swap is below the exchange's minimum order value of ${min} USDT.`,
  insufficient: (asset: string, free: string) => `Insufficient ${asset} balance: ${free} available.`,
} as const;

type Op = typeof walletOperations.$inferInsert;

async function record(deps: ExchangeDeps, op: Op): Promise<string> {
  const [row] = await deps.db.insert(walletOperations).values(op).onConflictDoNothing().returning({ id: walletOperations.id });
  if (!row) throw new DomainError('conflict', WALLET_MESSAGES.repeated);
  return row.id;
}

async function finish(deps: ExchangeDeps, id: string, status: 'done' | 'failed' | 'unknown', exchangeRef: string | null, error: string | null) {
  await deps.db.update(walletOperations).set({ status, exchangeRef, error }).where(eq(walletOperations.id, id));
}

/** Runs the exchange call of a recorded operation and settles the record by its outcome. */
async function settle(deps: ExchangeDeps, id: string, userId: string, run: () => Promise<string>): Promise<void> {
  try {
    await finish(deps, id, 'done', await run(), null);
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    const unknown = error.kind === 'unknown_outcome';
    await finish(deps, id, unknown ? 'unknown' : 'failed', null, error.message);
    throw new DomainError('invalid', unknown ? WALLET_MESSAGES.unknownOutcome : error.message);
  } finally {
    exchangeOf(deps).spotBalances.invalidate(userId);
    exchangeOf(deps).futuresBalances.invalidate(userId);
  }
}

function idempotencyKey(userId: string, supplied: string | undefined): string {
  return `${userId}:${supplied ?? randomUUID()}`;
}

export async function transfer(deps: ExchangeDeps, userId: string, from: Market, to: Market, body: TransferRequest,
  requestKey?: string): Promise<{ message: string }> {
  if (body.from !== from || body.to !== to) throw new DomainError('invalid', WALLET_MESSAGES.wrongDirection(from, to));
  const amount = new Decimal(body.amount);
  return serialised(userId, async () => {
    const free = (await balancesOf(deps, userId, from, true)).USDT?.free ?? '0';
    if (amount.gt(free)) throw new DomainError('invalid', VALIDATION.transferExceeds);
    const gateway = await memberGateway(deps, userId);
    const id = await record(deps, { userId, idempotencyKey: idempotencyKey(userId, requestKey), kind: 'transfer', asset: 'USDT',
      amount: amount.toFixed(), fromWallet: from, toWallet: to, status: 'pending' });
    await settle(deps, id, userId, async () => (await gateway.transfer('USDT', amount.toFixed(), from, to)).id);
    return { message: SERVER.transferSuccessful };
  });
}

/** Binance clientOrderIds: at most 36 of [.A-Za-z0-9:/_-]; derived from the record's id. */
export function swapClientOrderId(operationId: string): string {
  return `gdsw-${operationId.replace(/-/g, '')}`.slice(0, 36);
}

async function swapQuantity(deps: ExchangeDeps, asset: string, amount: Decimal): Promise<{ symbol: string; quantity: string }> {
  const exchange = exchangeOf(deps);
  const symbol = `${asset}USDT`;
  const market = (await exchange.gateway.markets('spot')).find((m) => m.symbol === symbol);
  if (!market) throw new DomainError('invalid', WALLET_MESSAGES.noMarket(asset));
  const quantity = amount.toNearest(market.stepSize, Decimal.ROUND_DOWN);
  const price = await exchange.marketData.lastPrice(symbol);
  if (quantity.lt(market.minQty) || quantity.isZero() || (price !== null && quantity.times(price).lt(market.minNotional))) {
    throw new DomainError('invalid', WALLET_MESSAGES.belowMinimum(market.minNotional));
  }
  return { symbol, quantity: quantity.toFixed() };
}

export async function swapToUsdt(deps: ExchangeDeps, userId: string, body: SwapRequest, requestKey?: string): Promise<{ message: string }> {
  const asset = body.asset.toUpperCase();
  const amount = new Decimal(body.amount);
  return serialised(userId, async () => {
    const free = (await balancesOf(deps, userId, 'spot', true))[asset]?.free ?? '0';
    if (amount.gt(free)) throw new DomainError('invalid', WALLET_MESSAGES.insufficient(asset, free));
    const { quantity } = await swapQuantity(deps, asset, amount);
    const gateway = await memberGateway(deps, userId);
    const opId = randomUUID();
    const clientOrderId = swapClientOrderId(opId);
    await record(deps, { id: opId, userId, idempotencyKey: idempotencyKey(userId, requestKey), kind: 'swap', asset,
      amount: quantity, clientOrderId, status: 'pending' });
    await settle(deps, opId, userId, async () => (await gateway.convertToUsdt(asset, quantity, clientOrderId)).id);
    return { message: SERVER.swapSuccessful };
  });
}
