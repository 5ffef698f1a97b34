/**
 * Registers the routes of an operations table (common/ops/): for each entry its method and path,
 * its input schema (body or query string, validated by the yup schema of common/), its 2xx
 * answer's schema (documented in /docs and used to serialise) and its envelope, all from the
 * entry. A path parameter (`/reset-password/:token`) is a field of the input schema too: that
 * field is validated as the path's, the rest as the body's or query's, and the handler gets
 * them as one input. Each handler is one function that takes the validated input and the
 * caller; auth is one hook for every operation (routes/operations.ts), not a copy per route.
 * What a route adds on the server only (rate limits, the error's success field) comes as
 * per-operation route options.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import type { Op, OpTable, OutputOf, ParsedOf } from '../../../common/ops/define';
import { pathParams } from '../../../common/ops/path-params';
import { ownRefusalsText, refusalsOf } from '../../../common/ops/refusals';
import { undeclaredKeys } from '../../../common/ops/undeclared-keys';
import { DomainError } from '../../errors/domain-error';
import { billingEnvelope, bearer } from '../schemas';
import type { AppDeps } from '../types';
import { fromYup } from '../validation';

/** Who calls and how: the member (signed-in operations only), the raw request, the app's deps. */
export interface OpCaller {
  deps: AppDeps;
  request: FastifyRequest;
  /** The signed-in member; '' on a public operation. */
  userId: string;
}

/** A billing operation (under `/account`) answers its data and, optionally, the `msg` beside it. */
export interface BillingAnswer<T> {
  data: T;
  msg?: string;
}

/**
 * An `/api` answer already written as JSON, exactly as the response schema would write it, sent
 * as it is. For hot reads that keep parts of their answer written per row (the bot cards of
 * GET /api/botstatus, modules/bots/card-json.ts), where serialising the whole answer on every
 * poll would cost more than the read; the schema still documents the answer in /docs.
 */
export class PreSerialised<T> {
  /** The type of what `json` holds; never set. */
  declare readonly __of?: T;
  constructor(readonly json: string) {}
}

type AnswerOf<O> = O extends { envelope: 'billing' } ? BillingAnswer<OutputOf<O>> : OutputOf<O> | PreSerialised<OutputOf<O>>;

export type OpHandler<O> = (input: ParsedOf<O>, caller: OpCaller) => Promise<AnswerOf<O>> | AnswerOf<O>;

/** One handler per operation of the table, and no other. */
export type OpHandlers<T extends OpTable> = { [K in keyof T]: OpHandler<T[K]> };

/** What the server adds to some routes of a table: hooks (a rate limit and its Retry-After) and route config. */
export type OpRouteOptions = Pick<RouteOptions, 'preHandler' | 'onError'> & { config?: { successField?: boolean } };
export type OpRoutesOptions<T extends OpTable> = { [K in keyof T]?: OpRouteOptions };

/** The input's path fields as the route's params schema, the others as its body or query string schema. */
function inputSchemas(spec: Op) {
  if (!spec.input) return {};
  const carriedIn = spec.method === 'GET' ? 'querystring' : 'body';
  const params = pathParams(spec.path);
  if (params.length === 0) return { [carriedIn]: fromYup(spec.input) };
  const carried = spec.input.omit(params);
  return {
    params: fromYup(spec.input.pick(params)),
    ...(Object.keys(carried.fields).length > 0 ? { [carriedIn]: fromYup(carried) } : {}),
  };
}

/** The entry's longer text, then the refusals of its own it declares. */
function docsText(spec: Op): string | undefined {
  const refusals = ownRefusalsText(spec);
  const text = [
    spec.description,
    refusals ? `Refuses with (beside the reasons any operation may give): ${refusals}.` : undefined,
  ];
  return text.filter(Boolean).join('\n\n') || undefined;
}

function routeSchema(spec: Op) {
  const input = inputSchemas(spec);
  const answer = spec.envelope === 'billing' ? billingEnvelope(spec.response) : spec.response;
  const description = docsText(spec);
  return {
    tags: [spec.tag],
    summary: spec.summary,
    ...(description ? { description } : {}),
    ...(spec.auth === 'member' ? { security: bearer } : {}),
    ...input,
    response: { 200: answer },
  };
}

function envelopeOf(spec: Op, answer: unknown): unknown {
  if (spec.envelope === 'api') return answer;
  const { data, msg = '' } = answer as BillingAnswer<unknown>;
  return { code: BILLING_SUCCESS_CODE, data, msg };
}

/**
 * What an answer carrying a key its schema does not declare does (the serialiser drops the key),
 * and a refusal with a reason the operation does not declare (./refusals.ts): 'strict' answers a
 * 500 naming them (tests: a handler's new field or refusal cannot go unnoticed), 'log' logs that
 * error and sends the answer without the keys, or the refusal as it is (a member's request never
 * fails for it in production).
 */
export type AnswerCheck = 'strict' | 'log';

function checkRefusal(spec: Op, declared: ReadonlySet<string>, error: unknown, request: FastifyRequest, mode: AnswerCheck): void {
  if (!(error instanceof DomainError) || declared.has(error.reason)) return;
  const what = `${spec.method} ${spec.path} refused with ${error.reason}, a reason its entry does not declare (refuses)`;
  if (mode === 'strict') throw new Error(what);
  request.log.error(what);
}

function checkAnswer(spec: Op, schema: object, sent: unknown, request: FastifyRequest, mode: AnswerCheck): void {
  const extra = undeclaredKeys(schema, sent);
  if (extra.length === 0) return;
  const what = `${spec.method} ${spec.path} answered keys its schema does not declare, which are not sent: ${extra.slice(0, 5).join(', ')}`;
  if (mode === 'strict') throw new Error(what);
  request.log.error(what);
}

export function registerOps<T extends OpTable>(
  app: FastifyInstance,
  ops: T,
  handlers: OpHandlers<T>,
  routeOptions: OpRoutesOptions<T> = {},
  answers: AnswerCheck = 'log',
): void {
  for (const name of Object.keys(ops)) {
    const spec = ops[name]!;
    const handler = handlers[name] as OpHandler<Op>;
    const { config, ...hooks } = routeOptions[name] ?? {};
    const hasParams = pathParams(spec.path).length > 0;
    const schema = routeSchema(spec);
    const refusals = refusalsOf(spec);
    app.route({
      ...hooks,
      method: spec.method,
      url: spec.path,
      config: { ...config, auth: spec.auth },
      schema,
      handler: async (request, reply) => {
        const carried = (spec.method === 'GET' ? request.query : request.body) ?? {};
        const input = hasParams ? { ...carried, ...(request.params as object) } : carried;
        const caller = { deps: app.deps, request, userId: request.member?.userId ?? '' };
        let answer;
        try {
          answer = await handler(input as never, caller);
        } catch (error) {
          checkRefusal(spec, refusals, error, request, answers);
          throw error;
        }
        // A string of a JSON type is not serialised again: Fastify sends it as it is.
        if (answer instanceof PreSerialised) {
          reply.type('application/json; charset=utf-8');
          return answer.json;
        }
        const sent = envelopeOf(spec, answer);
        checkAnswer(spec, schema.response[200], sent, request, answers);
        return sent;
      },
    });
  }
}
