/**
 * wallet_operations rows and the member lock they carry. Claiming inserts the 'pending' row first:
 * the partial unique index (one pending row per member, db/schema/wallet.ts) turns that insert
 * into a lock every API process sees, without a transaction or connection held across the exchange
 * call. Settling moves the row out of 'pending', which releases the lock. Updates only touch a row
 * still open ('pending' or 'unknown'), so a request and the reconciler never overwrite each
 * other's verdict.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { sqlState } from '../../db/database';
import { walletOperations } from '../../db/schema';
import { DomainError } from '../errors';
import type { WalletDeps } from './deps';
import { WALLET_MESSAGES } from './messages';
import type { Reason } from '../../../common/reasons';

export type OperationRow = typeof walletOperations.$inferSelect;
export type NewOperation = Omit<typeof walletOperations.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>;
export type Settled = 'done' | 'failed' | 'unknown';

export const UNIQUE_VIOLATION = '23505';

export interface ClaimOptions {
  /** How long a request waits for the member's other operation (in another process) to finish. */
  waitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** 25 ms doubling to 500 ms, with jitter so two waiting processes do not retry in step. */
function backoffMs(attempt: number): number {
  const cap = Math.min(500, 25 * 2 ** attempt);
  return Math.ceil(cap / 2 + Math.random() * (cap / 2));
}

/** A request whose idempotency key was used before: `row` is what became of the first one. */
export class RepeatedRequest extends Error {
  constructor(readonly row: OperationRow) {
    super(WALLET_MESSAGES.repeated);
  }
}

async function priorOf(deps: WalletDeps, idempotencyKey: string): Promise<OperationRow | undefined> {
  const [row] = await deps.db.select().from(walletOperations).where(eq(walletOperations.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

/**
 * Inserts the operation as 'pending' and returns its id: the member's lock is then held. A
 * repeated idempotency key throws RepeatedRequest with the first request's row at once; a
 * member whose other operation is still pending waits for it (short backoff) and is told to try
 * again if it outlasts `waitMs` (409).
 */
export async function claim(deps: WalletDeps, op: NewOperation, options: ClaimOptions = {}): Promise<string> {
  const { waitMs = 10_000, sleep = realSleep } = options;
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt += 1) {
    const at = deps.clock();
    try {
      const [row] = await deps.db
        .insert(walletOperations)
        .values({ ...op, status: 'pending', createdAt: at, updatedAt: at })
        .returning({ id: walletOperations.id });
      return row!.id;
    } catch (error) {
      if (sqlState(error).code !== UNIQUE_VIOLATION) throw error;
    }
    // Either unique index may have refused the row; the idempotency key decides which it was.
    const prior = await priorOf(deps, op.idempotencyKey);
    if (prior) throw new RepeatedRequest(prior);
    if (Date.now() >= deadline) throw new DomainError('wallet.busy', WALLET_MESSAGES.busy);
    await sleep(backoffMs(attempt));
  }
}

/**
 * Settles a row that is still open; false when it was settled already (by the reconciler or
 * another process). A transfer's tranId already claimed by another operation of the member
 * throws a unique violation (see isUniqueViolation).
 */
export async function settle(
  deps: WalletDeps,
  id: string,
  status: Settled,
  exchangeRef: string | null,
  error: string | null,
  errorReason: Reason | null = null,
): Promise<boolean> {
  const rows = await deps.db
    .update(walletOperations)
    .set({ status, exchangeRef, error, errorReason, updatedAt: deps.clock() })
    .where(and(eq(walletOperations.id, id), inArray(walletOperations.status, ['pending', 'unknown'])))
    .returning({ id: walletOperations.id });
  return rows.length > 0;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error).code === UNIQUE_VIOLATION;
}

/** Which of these tranIds other transfers of the member already own. */
export async function takenTransferRefs(
  deps: WalletDeps,
  userId: string,
  exceptId: string,
  refs: string[],
): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await deps.db
    .select({ ref: walletOperations.exchangeRef })
    .from(walletOperations)
    .where(
      and(
        eq(walletOperations.userId, userId),
        eq(walletOperations.kind, 'transfer'),
        ne(walletOperations.id, exceptId),
        inArray(walletOperations.exchangeRef, refs),
      ),
    );
  return new Set(rows.map((r) => r.ref).filter((r): r is string => r !== null));
}

/** Undoes a history match that took a tranId the exchange has since named as another operation's. */
export async function releaseTransferRef(deps: WalletDeps, userId: string, ownerId: string, tranId: string): Promise<void> {
  await deps.db
    .update(walletOperations)
    .set({
      status: 'unknown',
      exchangeRef: null,
      error: `tranId ${tranId} belongs to operation ${ownerId}`,
      updatedAt: deps.clock(),
    })
    .where(
      and(
        eq(walletOperations.userId, userId),
        eq(walletOperations.kind, 'transfer'),
        eq(walletOperations.exchangeRef, tranId),
        ne(walletOperations.id, ownerId),
      ),
    );
}
