/**
 * Requests are validated with the yup schemas of common/ (the same ones the forms use), and
 * /docs shows JSON Schema converted from them, so the rules and messages live in one place.
 */
import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import * as yup from 'yup';
import type { FastifyError } from 'fastify';
import { SERVER } from '../../common/messages';
import type { Reason } from '../../common/reasons';

type JsonSchema = Record<string, unknown>;

const yupOf = new WeakMap<object, yup.AnyObjectSchema>();

/** The JSON Schema to put on a route (`schema.body`, `schema.params`), validated by yup. */
export function fromYup(schema: yup.AnyObjectSchema): JsonSchema {
  const json = convertSchema(schema) as JsonSchema;
  yupOf.set(json, schema);
  return json;
}

/** yup's own type message ("x must be a `string` type, but the final value was: ...") echoes the whole input. */
const YUP_DEFAULT_TYPE_MESSAGE = /must be a `\w+` type/;

/**
 * The first message in field order, as the client shows exactly one. A wrong type without a
 * message of the schema's own is answered in one short sentence, not with the input echoed.
 */
function firstMessage(error: yup.ValidationError): string {
  const first = error.inner[0] ?? error;
  const message = first.errors[0] ?? first.message;
  return first.type === 'typeError' && YUP_DEFAULT_TYPE_MESSAGE.test(message) ? SERVER.malformedRequest : message;
}

/**
 * `data` without keys that name Object.prototype members (`constructor`, `toString`,
 * `__proto__`...). yup looks each key up in its field map, a plain object, and would take such a
 * key for a field and crash; no schema has one, so dropping them loses nothing. Copies; the
 * request's own objects stay as they were.
 */
export function withoutPrototypeKeys(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutPrototypeKeys);
  if (data === null || typeof data !== 'object') return data;
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!(key in Object.prototype)) clean[key] = withoutPrototypeKeys(value);
  }
  return clean;
}

/** The reason a failed validation carries: a missing field, a broken rule or malformed input. */
class RequestInvalid extends Error {
  constructor(
    message: string,
    readonly reason: Reason,
  ) {
    super(message);
  }
}

function reasonOfYup(error: yup.ValidationError): Reason {
  const type = (error.inner[0] ?? error).type;
  // yup 1 names a missing value 'optionality' (undefined, null) and an empty string 'required'.
  if (type === 'required' || type === 'optionality' || type === 'defined') return 'validation.required';
  if (type === 'typeError' || type === 'noUnknown') return 'request.malformed';
  if (type === 'ceiling') return 'validation.above_ceiling';
  return 'validation.invalid';
}

/** Fastify hands the validator's own error to the error handler, marked FST_ERR_VALIDATION. */
export function reasonOfValidation(error: FastifyError): Reason {
  return error instanceof RequestInvalid ? error.reason : 'validation.invalid';
}

export const yupValidatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, url, httpPart }) => {
  const validator = yupOf.get(schema as object);
  if (!validator) {
    throw new Error(`${url}: ${httpPart ?? 'request'} schema must be built with fromYup()`);
  }
  return (data: unknown) => {
    try {
      const value: unknown = validator.validateSync(withoutPrototypeKeys(data ?? {}), { abortEarly: false, stripUnknown: true });
      return { value };
    } catch (error) {
      if (error instanceof yup.ValidationError) return { error: new RequestInvalid(firstMessage(error), reasonOfYup(error)) };
      // yup's string transforms (trim, uppercase) throw a TypeError on an object or array: the
      // input is malformed, which is the member's 400, not the server's 500 or a raw TypeError.
      if (error instanceof TypeError) return { error: new RequestInvalid(SERVER.malformedRequest, 'request.malformed') };
      throw error;
    }
  };
};
