/**
 * Member requests that move money once per Idempotency-Key (ARCHITECTURE section 4): a
 * subscription purchase, a withdrawal, a reward swap. The first run stores its answer in the
 * idempotent_requests table inside the operation's own transaction, so the answer exists
 * exactly when the operation committed; the same member sending the same key again gets that
 * answer back and nothing runs twice.
 *
 * Call oncePerKey inside the operation's transaction, after locking the member's users row
 * (every money-moving account operation takes that lock first): identical requests sent in
 * parallel then queue on the lock, and each one after the first finds the stored answer. The
 * table's primary key (member, key) is the last guard: should a caller skip the lock, the
 * second insert fails and its whole transaction, operation included, rolls back.
 */
import { and, eq } from 'drizzle-orm';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { idempotentRequests } from '../../db/schema';
import { DomainError } from '../errors';

export type KeyedOperation = 'subscription' | 'withdrawal' | 'reward_swap';

export interface KeyedRequest {
  userId: string;
  /** The member's Idempotency-Key; undefined runs the operation as a new request. */
  key: string | undefined;
  operation: KeyedOperation;
  /** The normalised body (amounts as Decimal#toFixed, addresses checksummed): what "the same request" means. */
  request: Readonly<Record<string, string>>;
}

/** How an answer is stored as JSON and read back (a purchase's expiry is a Date). */
export interface AnswerCodec<T> {
  save(answer: T): unknown;
  load(saved: unknown): T;
}

const asJson: AnswerCodec<unknown> = { save: (answer) => answer, load: (saved) => saved };

/** Key order fixed, so `{amount, toAddress}` and `{toAddress, amount}` are one request. */
function fingerprint(request: KeyedRequest['request']): string {
  return JSON.stringify(
    Object.keys(request)
      .sort()
      .map((name) => [name, request[name]]),
  );
}

/**
 * The first answer for this member and key, or run() once and store its answer. A key used
 * before for another operation or another body is refused (409) and nothing runs. A run that
 * throws stores nothing: a refused request changed nothing, so its key may be sent again.
 */
export async function oncePerKey<T>(
  tx: Db,
  keyed: KeyedRequest,
  run: () => Promise<T>,
  codec: AnswerCodec<T> = asJson as AnswerCodec<T>,
): Promise<T> {
  const { userId, key, operation } = keyed;
  if (key === undefined) return run();
  const request = fingerprint(keyed.request);
  const [prior] = await tx
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.idempotencyKey, key)));
  if (prior) {
    if (prior.operation !== operation || prior.request !== request)
      throw new DomainError('idempotency.key_reused', SERVER.idempotencyKeyReused);
    return codec.load(prior.answer);
  }
  const answer = await run();
  await tx.insert(idempotentRequests).values({ userId, idempotencyKey: key, operation, request, answer: codec.save(answer) });
  return answer;
}
