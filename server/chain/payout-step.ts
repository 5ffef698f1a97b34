/**
 * One step of one payout, from whatever state a crash or a restart left it in:
 *
 *   unsigned  -> simulate; a transfer that would revert ends FAILED with a refund (nothing was
 *                signed, no nonce is spent); else sign with the next nonce and STORE the raw
 *                transaction, then broadcast it.
 *   signed    -> mined and `confirmations` deep: SUCCESS (or FAILED + refund when it reverted);
 *                mined, not yet deep: wait; not mined: broadcast the stored transaction again
 *                (the same bytes, the same hash: a node that has it answers 'already known').
 *
 * A payout is never paid twice because only the one stored transaction is ever broadcast, and
 * a second transaction with its nonce cannot be mined. A signed payout is refunded only when
 * its own receipt says it reverted, or when its nonce was taken by another transaction that is
 * itself `confirmations` deep (so this one can never be mined).
 */
import { ethers } from 'ethers';
import type { Db } from '../db/database';
import type { Clock } from '../modules/clock';
import { payableOf } from '../modules/withdrawals/limits';
import { recordAttempt, storeSigned, type PayoutRow } from '../modules/withdrawals/queue';
import { failAndRefund, markPaid } from '../modules/withdrawals/settle';
import type { PayoutChain } from './payout-chain';

/** USDT on BSC (and the local chain) has 18 decimals. */
export const USDT_DECIMALS = 18;

export type StepOutcome = 'paid' | 'failed' | 'sent' | 'waiting' | 'gone';

/** Test-only fault points: a hook that never resolves stands for the process dying there. */
export interface PayoutHooks {
  afterStore?(id: string): Promise<void>;
  afterBroadcast?(id: string): Promise<void>;
}

export interface StepContext {
  db: Db;
  chain: PayoutChain;
  clock: Clock;
  confirmations: number;
  hooks?: PayoutHooks;
}

export async function payoutStep(ctx: StepContext, row: PayoutRow): Promise<StepOutcome> {
  if (row.signedTx === null) {
    const signed = await signAndStore(ctx, row);
    if (signed === 'failed' || signed === null) return signed ?? 'gone';
    await ctx.hooks?.afterStore?.(row.id);
    return send(ctx, signed);
  }
  return settleOrResend(ctx, row);
}

async function signAndStore(ctx: StepContext, row: PayoutRow): Promise<PayoutRow | 'failed' | null> {
  // The member asked for `amount`; the fee stays with the platform to pay for the transfer's gas.
  const units = ethers.parseUnits(payableOf(row.amount, row.fee), USDT_DECIMALS);
  const refusal = await ctx.chain.simulate(row.toAddress, units);
  if (refusal !== null) {
    await failAndRefund(ctx.db, row.id, refusal, ctx.clock());
    return 'failed';
  }
  const prepared = await ctx.chain.prepare(row.toAddress, units);
  return storeSigned(ctx.db, row.id, prepared.pendingNonce, (nonce) => ctx.chain.sign(prepared, nonce), ctx.clock());
}

async function send(ctx: StepContext, row: PayoutRow): Promise<StepOutcome> {
  const outcome = await ctx.chain.broadcast(row.signedTx!);
  await recordAttempt(ctx.db, row.id, null, ctx.clock());
  await ctx.hooks?.afterBroadcast?.(row.id);
  if (outcome !== 'nonce_used') return 'sent';
  return (await nonceTakenByAnother(ctx, row))
    ? refund(ctx, row, 'the hot wallet nonce was used by another transaction')
    : 'waiting';
}

async function settleOrResend(ctx: StepContext, row: PayoutRow): Promise<StepOutcome> {
  const receipt = await ctx.chain.receipt(row.txHash!);
  if (receipt === null) return send(ctx, row);
  const depth = (await ctx.chain.blockNumber()) - receipt.blockNumber + 1;
  // A reorganisation can undo a block within the depth, a revert as well as a payment.
  if (depth < ctx.confirmations) return 'waiting';
  if (receipt.status === 1) return (await markPaid(ctx.db, row.id, ctx.clock())) ? 'paid' : 'gone';
  return refund(ctx, row, 'the payout transaction reverted on chain');
}

/**
 * True only when the chain, `confirmations` deep, has mined past this nonce and neither the
 * receipt nor the transaction of this payout is known: then it can never be mined.
 */
async function nonceTakenByAnother(ctx: StepContext, row: PayoutRow): Promise<boolean> {
  if ((await ctx.chain.receipt(row.txHash!)) !== null || (await ctx.chain.known(row.txHash!))) return false;
  const settled = (await ctx.chain.blockNumber()) - ctx.confirmations + 1;
  if (settled < 0) return false;
  return (await ctx.chain.minedNonceAt(settled)) > row.nonce!;
}

async function refund(ctx: StepContext, row: PayoutRow, reason: string): Promise<StepOutcome> {
  return (await failAndRefund(ctx.db, row.id, reason, ctx.clock())) ? 'failed' : 'gone';
}
