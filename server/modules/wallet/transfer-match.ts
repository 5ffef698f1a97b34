/**
 * Resolves a transfer whose exchange call ended without an answer, from the exchange's transfer
 * history. Binance transfers carry no client id, so the history row is recognised by what it
 * moved: same direction, asset and exact amount, made after we sent (less a clock-skew
 * allowance), and not already the exchange_ref of another operation of the member.
 *
 * Why that is unambiguous: while the operation is 'pending' it is the member's only wallet
 * operation in flight (the one-pending-row index, records.ts), so no other transfer we sent for
 * this member can have been made after it, and each tranId can settle one operation only (a
 * unique index on member + tranId). An earlier operation left 'unknown' whose transfer shows up
 * late could only be confused with an identical one (same amount, asset, direction, within the
 * skew): newest first prefers ours, and should the two still swap tranIds, each identical
 * operation is recorded done once per transfer that happened. Only a transfer the member makes by
 * hand on the exchange, of the very same amount in the same minute, is beyond any history match
 * without a client id.
 */
import { Decimal } from '../../../common/money';
import { ExchangeError } from '../../exchange/errors';
import type { Market, MemberGateway, TransferRecord } from '../../exchange/core/gateway';
import type { WalletDeps } from './deps';
import { isUniqueViolation, settle, takenTransferRefs } from './records';

export interface TransferLookup {
  /**
   * Allowance for the exchange's clock running behind ours. Binance refuses a signed request whose
   * timestamp is over 1 s ahead of its clock, so an accepted call bounds the real skew far below this.
   */
  skewMs: number;
  /** History reads, and the pause between them (the history can lag the transfer). */
  attempts: number;
  delayMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const TRANSFER_LOOKUP: TransferLookup = {
  skewMs: 60_000,
  attempts: 4,
  delayMs: 500,
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** A transfer we sent: the operation's row and when we sent it (our clock, ms). */
export interface SentTransfer {
  id: string;
  userId: string;
  asset: string;
  amount: string;
  from: Market;
  to: Market;
  sentAt: number;
  /** When its outcome became unknown: later transfers (beyond the skew) belong to later operations. */
  until?: number;
}

/** The newest history row that can be this transfer, or null. Failed rows never match. */
export function matchTransfer(
  history: readonly TransferRecord[],
  sent: SentTransfer,
  taken: ReadonlySet<string>,
  skewMs: number,
): TransferRecord | null {
  const amount = new Decimal(sent.amount);
  const earliest = sent.sentAt - skewMs;
  const latest = sent.until === undefined ? Infinity : sent.until + skewMs;
  const candidates = history.filter(
    (t) =>
      t.from === sent.from &&
      t.to === sent.to &&
      t.asset === sent.asset &&
      t.status !== 'failed' &&
      amount.eq(t.amount) &&
      t.time >= earliest &&
      t.time <= latest &&
      !taken.has(t.id),
  );
  return candidates.reduce<TransferRecord | null>((best, t) => (best === null || t.time > best.time ? t : best), null);
}

async function lookOnce(
  deps: WalletDeps,
  gateway: MemberGateway,
  sent: SentTransfer,
  skewMs: number,
): Promise<TransferRecord | null> {
  let history: TransferRecord[];
  try {
    history = await gateway.transferHistory(sent.from, sent.to, sent.sentAt - skewMs);
  } catch (error) {
    if (error instanceof ExchangeError) return null; // unreadable now: the next attempt or reconcile run asks again
    throw error;
  }
  const taken = await takenTransferRefs(
    deps,
    sent.userId,
    sent.id,
    history.map((t) => t.id),
  );
  return matchTransfer(history, sent, taken, skewMs);
}

/** Looks the transfer up, a few times while the history may still lag. */
export async function findTransfer(
  deps: WalletDeps,
  gateway: MemberGateway,
  sent: SentTransfer,
  lookup: Partial<TransferLookup> = {},
): Promise<TransferRecord | null> {
  const { skewMs, attempts, delayMs, sleep } = { ...TRANSFER_LOOKUP, ...lookup };
  for (let attempt = 1; ; attempt += 1) {
    const found = await lookOnce(deps, gateway, sent, skewMs);
    if (found || attempt >= attempts) return found;
    await sleep(delayMs);
  }
}

/**
 * Settles the operation 'done' with the found tranId. False when another operation claimed that
 * tranId first (a reconciler in another process) or the row was settled meanwhile: it stays as
 * it is and a later reconcile run looks again.
 */
export async function claimTransfer(deps: WalletDeps, sent: SentTransfer, found: TransferRecord): Promise<boolean> {
  try {
    return await settle(deps, sent.id, 'done', found.id, null);
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
