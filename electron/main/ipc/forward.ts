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

export async function forward<O extends Op>(
  call: HandlerContext['call'],
  spec: O,
  input: InputOf<O>,
  headers?: Readonly<Record<string, string>>,
): Promise<IpcResult<OutputOf<O>>> {
  const { path, rest } = fillPath(spec.path, input ?? {});
  const reply = spec.method === 'GET'
    ? await call('GET', `${path}${queryOf(rest)}`, undefined, headers)
    : await call(spec.method, path, rest, headers);
  if (!isSuccess(reply)) return errorFromReply(reply);
  // The server serialised this body with the operation's response schema (common/ops).
  if (spec.envelope === 'api') return ok(reply.body as OutputOf<O>);
  const envelope = reply.body as { code?: unknown; data?: OutputOf<O>; msg?: unknown } | null;
  if (envelope?.code !== BILLING_SUCCESS_CODE) return fail(400, typeof envelope?.msg === 'string' && envelope.msg ? envelope.msg : REFUSED);
  return envelope.data === undefined ? fail(502, REFUSED) : ok(envelope.data);
}

/** IPC handlers for operations whose channel is the operation's own name, forwarded as they are. */
export function forwarded(ops: OpTable): AreaHandlers {
  const handlers: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(ops)) {
    handlers[name] = (payload: InputOf<typeof spec>, { call }: HandlerContext) => forward(call, spec, payload);
  }
  return handlers as AreaHandlers;
}
