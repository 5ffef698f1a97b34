import type { IpcError, IpcResult } from '../../../common/ipc/contract';
import { isReason, reasonOfStatus, type Reason } from '../../../common/reasons';
import type { HttpReply } from '../ports/types';

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });

/** A refusal; its reason is the status's own unless main knows better. */
export const fail = (status: number, message: string, reason?: Reason): { ok: false; error: IpcError } => ({
  ok: false,
  error: { status, message, reason: reason ?? reasonOfStatus(status) },
});

function field(body: unknown, name: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The server's words when it gave some (`message` on /api, `msg` on /account), else HTTP's. */
export function errorFromReply(reply: HttpReply): { ok: false; error: IpcError } {
  const message =
    field(reply.body, 'message') ??
    field(reply.body, 'msg') ??
    (reply.statusText || `Request failed with status ${reply.status}`);
  const reason = (reply.body as { reason?: unknown } | null)?.reason;
  return fail(reply.status, message, isReason(reason) ? reason : undefined);
}

export const isSuccess = (reply: HttpReply): boolean => reply.status >= 200 && reply.status < 300;
