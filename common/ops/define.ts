/**
 * One contract per server operation (ARCHITECTURE section 1): its name, method, path, who may
 * call it, the schema of what it takes, the JSON Schema of its 2xx answer and its envelope.
 * The server registers its routes from these entries, electron main forwards them with one
 * forwarder, and the IPC channels and the renderer's client take their types from them, so an
 * operation is spelled once.
 *
 * `op<Request>()({...})` binds the entry to the TypeScript type of what it takes (common/api/),
 * which rides along on the entry and nothing at run time reads; what it answers is the type its
 * answer schema describes (OutputOf), so an answer has one spelling: its schema.
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
 * An entry with the type of its input attached (never set at run time). `Parsed` is the input as
 * the server's handler gets it after the input schema ran, where the schema rewrites values (a
 * form's number becomes a decimal string); by default the input itself.
 */
export type Op<Input = unknown, Parsed = Input> = OpSpec & {
  readonly __types?: { input: Input; parsed: Parsed };
};

export const op =
  <Input, Parsed = Input>() =>
  <S extends OpSpec>(spec: S): S & Op<Input, Parsed> =>
    spec;

export type InputOf<O> = O extends { readonly __types?: { input: infer I } } ? I : never;
/** What the operation answers: the type its answer schema describes (api/json-schema.ts). */
export type OutputOf<O> = O extends { response: infer S } ? Answer<S> : never;
/** What the server's handler of the operation takes: its input once the input schema ran. */
export type ParsedOf<O> = O extends { readonly __types?: { parsed: infer P } } ? P : never;

/** A table of operations by name. */
export type OpTable = Record<string, Op>;
