/**
 * The Idempotency-Key of the member's money-moving submissions (subscribe, withdraw, reward
 * swap). A submission whose outcome is unknown (no answer: network failure or timeout; or a
 * 5xx, which may come after the server committed) may have happened, so the member's retry of
 * the very same submission carries the same key and the server answers it from the first run
 * instead of paying twice. Once an answer is definite (success or refusal) the key is dropped
 * and the next submission, even an identical one, is a new operation.
 *
 * Main holds the keys, so the renderer and the IPC contract know nothing of them. A submission
 * is identified by the member, the path and the body: another amount or address is another
 * request with its own key. Two identical submissions in flight at once (a double click) share
 * the key too. A key left by an unknown outcome is only reused within KEY_REUSE_WINDOW_MS: the
 * same withdrawal typed again the next day is a new withdrawal, not a retry.
 */
import { randomUUID } from 'node:crypto';
import type { IpcResult } from '../../../../common/ipc/contract';

export const KEY_REUSE_WINDOW_MS = 15 * 60_000;

/** No answer (status 0), a timeout, or a server or gateway error: the request may have run. */
export function outcomeUnknown(result: IpcResult<unknown>): boolean {
  if (result.ok) return false;
  const { status } = result.error;
  return status === 0 || status === 408 || status >= 500;
}

interface HeldKey {
  key: string;
  /** When a submission with it last started or ended unknown. */
  touchedAt: number;
}

export class SubmissionKeys {
  private readonly held = new Map<string, HeldKey>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Sends `submission` with its key and keeps or drops the key by the outcome. */
  async submit<T>(submission: string, send: (key: string) => Promise<IpcResult<T>>): Promise<IpcResult<T>> {
    const key = this.keyFor(submission);
    const result = await send(key);
    if (outcomeUnknown(result)) this.held.set(submission, { key, touchedAt: this.now() });
    else if (this.held.get(submission)?.key === key) this.held.delete(submission);
    return result;
  }

  private keyFor(submission: string): string {
    const held = this.held.get(submission);
    const key = held && this.now() - held.touchedAt < KEY_REUSE_WINDOW_MS ? held.key : randomUUID();
    this.held.set(submission, { key, touchedAt: this.now() });
    return key;
  }
}

/** One set of keys per IPC handlers' ports (one per app, one per handler test). */
const keysOf = new WeakMap<object, SubmissionKeys>();

export function submissionKeys(owner: object): SubmissionKeys {
  let keys = keysOf.get(owner);
  if (!keys) {
    keys = new SubmissionKeys();
    keysOf.set(owner, keys);
  }
  return keys;
}
