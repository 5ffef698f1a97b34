/**
 * How the deep-path fuzz calls the server: every request through `inject`, within the time limit
 * (time-limit.ts), with its X-Forwarded-For if it has one; every answer counted (reach.ts) and
 * held to the rules every answer keeps: below 500 (but for the deliberate 503s of a server with
 * no chain), and a refusal with a reason of the closed set. A request that breaks one fails the
 * test, printed so it can be sent again by hand.
 */
import type { FastifyInstance } from 'fastify';
import { isReason } from '../../../../common/reasons';
import { bearer } from '../../../testing/members';
import { forwardedHeaders } from './forwarded';
import type { Reach } from './reach';
import { withinTimeLimit } from './time-limit';

export interface Caller {
  label: string;
  token: string;
}

export interface FuzzCall {
  who: Caller;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  forwarded?: string | undefined;
}

export interface FuzzAnswer {
  status: number;
  json: unknown;
  reason: unknown;
  message: unknown;
}

export class FuzzFailure extends Error {
  override name = 'FuzzFailure';
}

/** The request as a line a person can send again. */
export function describeCall(call: FuzzCall): string {
  const body = call.body === undefined ? '' : ` ${JSON.stringify(call.body)}`;
  const forwarded =
    call.forwarded === undefined
      ? ''
      : ` [X-Forwarded-For: ${JSON.stringify(call.forwarded.slice(0, 200))}${call.forwarded.length > 200 ? '...' : ''}]`;
  return `${call.who.label}: ${call.method} ${call.url}${body}${forwarded}`;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const field = (json: unknown, name: string): unknown =>
  json !== null && typeof json === 'object' ? (json as Record<string, unknown>)[name] : undefined;

export class FuzzClient {
  constructor(
    private readonly app: FastifyInstance,
    private readonly reach: Reach,
    /** The messages of the only 5xx allowed (a deliberate 503 of a route this test server cannot serve). */
    private readonly deliberate503: ReadonlySet<string>,
  ) {}

  async send(call: FuzzCall): Promise<FuzzAnswer> {
    const response = await withinTimeLimit(
      this.app.inject({
        method: call.method,
        url: call.url,
        headers: { ...bearer(call.who.token), ...forwardedHeaders(call.forwarded) },
        ...(call.body === undefined ? {} : { payload: call.body as object }),
      }),
      () => describeCall(call),
    );
    const json = parsed(response.body);
    const answer = {
      status: response.statusCode,
      json,
      reason: field(json, 'reason'),
      message: field(json, 'message') ?? field(json, 'msg'),
    };
    this.reach.record(call.url.split('?')[0]!, call.body, answer.status, answer.reason, answer.message);
    const deliberate = answer.status === 503 && this.deliberate503.has(String(answer.message));
    if ((answer.status >= 500 && !deliberate) || (answer.status >= 400 && !isReason(answer.reason))) {
      throw new FuzzFailure(`${describeCall(call)}\n-> ${answer.status} ${response.body.slice(0, 500)}`);
    }
    return answer;
  }

  /** Sends `calls` at once; fails with every failure among them once all answered. */
  async burst(calls: readonly FuzzCall[]): Promise<FuzzAnswer[]> {
    const settled = await Promise.allSettled(calls.map((call) => this.send(call)));
    const failures = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => String(s.reason));
    if (failures.length > 0)
      throw new FuzzFailure(`${failures.length} of ${calls.length} concurrent request(s) failed:\n${failures.join('\n')}`);
    return settled.map((s) => (s as PromiseFulfilledResult<FuzzAnswer>).value);
  }
}
