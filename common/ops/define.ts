/**
 * One contract per server operation (ARCHITECTURE section 1): its name, method, path, who may
 * call it, the schema of what it takes, the JSON Schema of its 2xx answer and its envelope.
 * The server registers its routes from these entries, electron main forwards them with one
 * forwarder, and the IPC channels and the renderer's client take their types from them, so an
 * operation is spelled once.
 *
 * `op()({...})` reads what the entry takes off its input schema (yup's InferType) and what it
 * answers off its answer schema (OutputOf), types that ride along on the entry and nothing at run
 * time reads, so a request and an answer each have one spelling: their schema. `op<Request>()`
 * names the request only where callers send more than the schema gives back (a form's number).
 */
import type { Answer } from '../api/json-schema';
import type * as yup from 'yup';
import type { Reason } from '../reasons';

export type OpMethod = 'GET' | 'POST';

/** `member`: a signed-in member's Bearer token is required (401 otherwise); `public`: none. */
export type OpAuth = 'member' | 'public';

/** `api`: plain JSON (SPEC section 7's main API); `billing`: the billing service's `{code:'0000', data, msg}` under /account. */
export type OpEnvelope = 'api' | 'billing';

export type JsonSchema = Readonly<Record<string, unknown>>;

/** What an operation without input takes. */
export type Empty = Record<string, never>;

export interface OpSpec {
  method: OpMethod;
  /** The full path, `/api/...` or `/account/...`, as SPEC writes it. */
  path: string;
  auth: OpAuth;
  envelope: OpEnvelope;
  /**
   * What the request carries: the JSON body of a POST, the query string of a GET, and the path
   * parameters the path names (`/api/reset-password/:token`).
   */
  input?: yup.AnyObjectSchema;
  /** The 2xx answer, documented in /docs and used to serialise it. */
  response: JsonSchema;
  /**
   * The reasons of its own it may refuse with (common/reasons.ts), beside those any operation, or
   * any member's operation, may give (./refusals.ts). A handler's refusal with another fails in
   * tests and is logged in production; /docs lists them.
   */
  refuses?: readonly Reason[];
  /** The /docs section. */
  tag: string;
  summary: string;
  /** The longer /docs text, where the operation has more to say than its summary (a header it reads). */
  description?: string;
}

/**
 * An entry with the types of its input attached (never set at run time). `Input` is what a caller
 * sends; `Parsed` is the input as the server's handler gets it after the input schema ran. Both
 * default to what the input schema infers (yup's InferType; `Empty` for an operation without
 * input), so an operation whose callers send what its schema gives back is spelled once: its
 * schema. An operation names `Input` where callers may send more than the schema's output type (a
 * form's number where the schema gives back a decimal string) and `Parsed` where its handler reads
 * something other than its schema's output.
 */
export type Op<Input = unknown, Parsed = Input> = OpSpec & {
  readonly __types?: { input: Input; parsed: Parsed };
};

/** Not named at `op<...>()`: the type the schema infers is used (a marker no value has). */
export interface FromSchema {
  readonly 'op.typeFromSchema': never;
}

/** What the entry's input schema gives back once it ran; `Empty` without one. */
export type SchemaOutputOf<S> = S extends { input: infer I extends yup.AnyObjectSchema } ? yup.InferType<I> : Empty;
type OrSchema<T, S> = [T] extends [FromSchema] ? SchemaOutputOf<S> : T;

// The schema's type is read off the entry as written (S), before it meets OpSpec's `input`, whose
// any-typed schema would make every inferred field `any`.
export const op =
  <Input = FromSchema, Parsed = FromSchema>() =>
  <S extends OpSpec>(spec: S): S & Op<OrSchema<Input, S>, OrSchema<Parsed, S>> =>
    spec;

export type InputOf<O> = O extends { readonly __types?: { input: infer I } } ? I : never;
/** What the operation answers: the type its answer schema describes (api/json-schema.ts). */
export type OutputOf<O> = O extends { response: infer S } ? Answer<S> : never;
/** What the server's handler of the operation takes: its input once the input schema ran. */
export type ParsedOf<O> = O extends { readonly __types?: { parsed: infer P } } ? P : never;

/** A table of operations by name. */
export type OpTable = Record<string, Op>;
