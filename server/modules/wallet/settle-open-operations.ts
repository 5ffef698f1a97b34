/**
 * The wallet reconciler's one pass (settle-timer.ts runs it at start and on a timer). Settles
 * wallet operations the request could not: 'unknown' ones (the exchange never answered)
 * and 'pending' ones old enough that the process sending them must have died. A swap is looked up
 * by its clientOrderId, a transfer in the exchange's transfer history (transfer-match.ts); "not
 * found" only becomes 'failed' once the record is old enough that a late answer is out of the
 * question. Safe to run in several processes at once: every write is conditional (records.ts).
 */
import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import { Decimal } from '../../../common/money';
import { walletOperations } from '../../db/schema';
import type { Market, MemberGateway } from '../../exchange/core/gateway';
import { silentLog, type Log } from '../../logging/log';
import { exchangeOf } from '../../exchange/domain-errors';
import { storedKey } from '../keys/keys';
import type { WalletDeps } from './deps';
import { WALLET_MESSAGES } from './messages';
import { type OperationRow, settle } from './records';
import { claimTransfer, findTransfer, type SentTransfer, type TransferLookup } from './transfer-match';

export interface SettleOptions {
  /** A 'pending' row older than this has lost its process (a request takes well under a minute). */
  staleAfterMs?: number;
  /** Order lookups by clientOrderId are consistent within seconds: "not found" is final past this age. */
  swapFinalAfterMs?: number;
  /** The transfer history may lag longer: "not found" is final past this age. */
  transferFinalAfterMs?: number;
  /** Rows per run (the oldest first); the rest wait for the next run. */
  limit?: number;
  lookup?: Partial<TransferLookup>;
  log?: Log;
}

export const SETTLE_DEFAULTS = {
  staleAfterMs: 5 * 60_000,
  swapFinalAfterMs: 5 * 60_000,
  transferFinalAfterMs: 10 * 60_000,
  limit: 100,
} as const;

export interface SettleSummary {
  done: number;
  failed: number;
  /** Still open (not found yet, exchange unreachable, member busy). */
  open: number;
  /** Members without stored keys: left as they are. */
  skipped: number;
}

type Verdict = 'done' | 'failed' | 'open';

interface Run {
  deps: WalletDeps;
  now: number;
  options: Required<Omit<SettleOptions, 'lookup' | 'log'>> & Pick<SettleOptions, 'lookup'>;
  log: Log;
}

function logSettled(run: Run, row: OperationRow, status: string, ref: string | null): void {
  run.log.info(
    { operation: row.id },
    `wallet ${row.kind} ${row.id} of member ${row.userId}: ${row.status} -> ${status}${ref ? ` (${ref})` : ''}`,
  );
}

async function settled(
  run: Run,
  row: OperationRow,
  status: 'done' | 'failed' | 'unknown',
  ref: string | null,
  note: string | null,
): Promise<Verdict> {
  const changed = await settle(run.deps, row.id, status, ref, note);
  if (changed) logSettled(run, row, status, ref);
  return changed && status !== 'unknown' ? status : 'open';
}

async function reconcileSwap(run: Run, row: OperationRow, gateway: MemberGateway, age: number): Promise<Verdict> {
  const order = await gateway.fetchOrder('spot', `${row.asset}USDT`, row.clientOrderId ?? '');
  if (!order) {
    return age >= run.options.swapFinalAfterMs ? settled(run, row, 'failed', null, WALLET_MESSAGES.orderNotFound) : 'open';
  }
  if (order.status === 'open') return 'open'; // a market order rests only for a moment: look again next run
  // Filled, or expired after a partial fill: either way the asset was sold.
  if (order.status === 'closed' || new Decimal(order.filled).gt(0)) return settled(run, row, 'done', order.id, null);
  return settled(run, row, 'failed', null, WALLET_MESSAGES.orderNotFilled(order.status));
}

async function reconcileTransfer(run: Run, row: OperationRow, gateway: MemberGateway, age: number): Promise<Verdict> {
  const sent: SentTransfer = {
    id: row.id,
    userId: row.userId,
    asset: row.asset,
    amount: row.amount,
    from: row.fromWallet as Market,
    to: row.toWallet as Market,
    // Recorded before sending, so the transfer cannot be older (less the skew allowance).
    sentAt: row.createdAt.getTime(),
    // A pending row is still the member's only operation in flight: no later bound needed.
    until: row.status === 'unknown' ? row.updatedAt.getTime() : undefined,
  };
  // One history read a run: the next run is the retry.
  const found = await findTransfer(run.deps, gateway, sent, { attempts: 1, ...run.options.lookup });
  if (found?.status === 'confirmed') {
    if (!(await claimTransfer(run.deps, sent, found))) return 'open';
    logSettled(run, row, 'done', found.id);
    return 'done';
  }
  if (found) return 'open'; // the exchange still shows it PENDING
  if (age >= run.options.transferFinalAfterMs) return settled(run, row, 'failed', null, WALLET_MESSAGES.notInHistory);
  // Not found yet: an orphaned 'pending' row becomes 'unknown', freeing the member's lock meanwhile.
  if (row.status === 'pending') await settled(run, row, 'unknown', null, row.error);
  return 'open';
}

async function reconcileRow(run: Run, row: OperationRow, gateway: MemberGateway): Promise<Verdict> {
  const age = run.now - row.createdAt.getTime();
  return row.kind === 'swap' ? reconcileSwap(run, row, gateway, age) : reconcileTransfer(run, row, gateway, age);
}

/** Members with an operation in flight right now: their 'unknown' rows wait (see transfer-match.ts). */
async function busyMembers(run: Run, rows: OperationRow[]): Promise<Set<string>> {
  const members = [...new Set(rows.filter((r) => r.status === 'unknown').map((r) => r.userId))];
  if (members.length === 0) return new Set();
  const pending = await run.deps.db
    .select({ userId: walletOperations.userId })
    .from(walletOperations)
    .where(and(eq(walletOperations.status, 'pending'), inArray(walletOperations.userId, members)));
  return new Set(pending.map((p) => p.userId));
}

/** One pass over the open operations, oldest first. Tests call it directly; start.ts on a timer. */
export async function settleOpenOperations(deps: WalletDeps, options: SettleOptions = {}): Promise<SettleSummary> {
  const { log = silentLog, ...rest } = options;
  const run: Run = { deps, now: deps.clock().getTime(), options: { ...SETTLE_DEFAULTS, ...rest }, log };
  const summary: SettleSummary = { done: 0, failed: 0, open: 0, skipped: 0 };
  exchangeOf(deps); // no exchange in this process: nothing can be looked up
  const staleBefore = new Date(run.now - run.options.staleAfterMs);
  const rows = await deps.db
    .select()
    .from(walletOperations)
    .where(
      or(
        eq(walletOperations.status, 'unknown'),
        and(eq(walletOperations.status, 'pending'), lt(walletOperations.createdAt, staleBefore)),
      ),
    )
    .orderBy(asc(walletOperations.createdAt))
    .limit(run.options.limit);
  const busy = await busyMembers(run, rows);
  const gateways = new Map<string, MemberGateway | null>();
  for (const row of rows) {
    if (row.status === 'unknown' && busy.has(row.userId)) {
      summary.open += 1;
      continue;
    }
    try {
      if (!gateways.has(row.userId)) {
        const key = await storedKey(deps, row.userId);
        gateways.set(row.userId, key ? exchangeOf(deps).gateway.member(key) : null);
      }
      const gateway = gateways.get(row.userId);
      if (!gateway) {
        log.warn(
          { operation: row.id },
          `wallet ${row.kind} ${row.id} of member ${row.userId} left ${row.status}: the member has no exchange key stored`,
        );
        summary.skipped += 1;
        continue;
      }
      summary[await reconcileRow(run, row, gateway)] += 1;
    } catch (error) {
      // One member's trouble (exchange down, a key that no longer decrypts) must not stall the rest.
      log.warn(
        { operation: row.id },
        `wallet ${row.kind} ${row.id} of member ${row.userId} left ${row.status}: ${error instanceof Error ? error.message : String(error)}`,
      );
      summary.open += 1;
    }
  }
  return summary;
}
