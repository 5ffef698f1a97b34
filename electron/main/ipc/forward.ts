/**
 * The one forwarder: an IPC call that is an operation of common/ops goes to the server as the
 * table says (method, path, the payload as the body of a POST or the query string of a GET; the
 * fields the path names, like `:token`, are written into the path instead) and comes back as
 * the operation's answer, unwrapped from the `/account` envelope where it has one.
 * Main spells no path and casts no reply per operation; what it adds of its own (session and
 * keychain, key binding, idempotency keys, local settings) lives in hand-written handlers that
 * call `forward` too.
 */
import type { IpcResult } from '../../../common/ipc/contract';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import type { InputOf, Op, OpTable, OutputOf } from '../../../common/ops/define';
import { fillPath } from '../../../common/ops/path-params';
import type { AreaHandlers, HandlerContext } from './context';
import { errorFromReply, fail, isSuccess, ok } from './result';

function queryOf(input: object): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

const REFUSED = 'The account service refused the request.';

/**
 * The operation's request as the table says: the fields the path names written into it, the
 * rest as the body of a POST or the query string of a GET.
 */
function send(call: HandlerContext['call'], spec: Op, input: unknown, headers?: Readonly<Record<string, string>>) {
  const { path, rest } = fillPath(spec.path, (input ?? {}) as object);
  return spec.method === 'GET'
    ? call('GET', `${path}${queryOf(rest)}`, undefined, headers)
    : call(spec.method, path, rest, headers);
}

/** The `/account` envelope's data and msg, or its msg as the refusal when the code is not success. */
function unwrapBilling<T>(body: unknown): IpcResult<{ data: T | undefined; msg: string }> {
  const envelope = body as { code?: unknown; data?: T; msg?: unknown } | null;
  const msg = typeof envelope?.msg === 'string' ? envelope.msg : '';
  if (envelope?.code !== BILLING_SUCCESS_CODE) return fail(400, msg || REFUSED);
  return ok({ data: envelope.data, msg });
}

export async function forward<O extends Op>(
  call: HandlerContext['call'],
  spec: O,
  input: InputOf<O>,
  headers?: Readonly<Record<string, string>>,
): Promise<IpcResult<OutputOf<O>>> {
  const reply = await send(call, spec, input, headers);
  if (!isSuccess(reply)) return errorFromReply(reply);
  // The server serialised this body with the operation's response schema (common/ops).
  if (spec.envelope === 'api') return ok(reply.body as OutputOf<O>);
  const answer = unwrapBilling<OutputOf<O>>(reply.body);
  if (!answer.ok) return answer;
  return answer.value.data === undefined ? fail(502, REFUSED) : ok(answer.value.data);
}

/** A billing operation's answer with the service's `msg` beside its data. */
export interface BillingReply<T> {
  /** Absent when the service sent only a msg. */
  data: T | undefined;
  msg: string;
}

/**
 * `forward` for a billing operation whose `msg` the member reads (a purchase, a withdrawal, a
 * deposit sync): the data, when the service sent some, and the msg beside it.
 */
export async function forwardWithMsg<O extends Op & { envelope: 'billing' }>(
  call: HandlerContext['call'],
  spec: O,
  input: InputOf<O>,
  headers?: Readonly<Record<string, string>>,
): Promise<IpcResult<BillingReply<OutputOf<O>>>> {
  const reply = await send(call, spec, input, headers);
  if (!isSuccess(reply)) return errorFromReply(reply);
  return unwrapBilling<OutputOf<O>>(reply.body);
}

/** IPC handlers for operations whose channel is the operation's own name, forwarded as they are. */
export function forwarded(ops: OpTable): AreaHandlers {
  const handlers: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(ops)) {
    handlers[name] = (payload: InputOf<typeof spec>, { call }: HandlerContext) => forward(call, spec, payload);
  }
  return handlers as AreaHandlers;
}
