/**
 * Small builders for the JSON Schemas of the operations' answers (OpenAPI 3 / JSON Schema), and
 * `Answer`, the TypeScript type a schema describes (json-schema-to-ts): an answer is spelled once,
 * as its schema, which the server serialises with, /docs shows and every caller's type comes from.
 * Write a schema `as const` (or with these builders) so its type can be read off it.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** The type of what a schema describes. */
export type Answer<S> = S extends JSONSchema ? FromSchema<S> : never;

export const str = { type: 'string' } as const;
export const strOrNull = { type: ['string', 'null'] } as const;
export const bool = { type: 'boolean' } as const;
export const int = { type: 'integer' } as const;
export const num = { type: 'number' } as const;

/**
 * An object whose listed properties are all required unless named in `optional`, and no other:
 * the server never answers an undeclared key (ops/undeclared-keys.ts), and the answer's type,
 * inferred from this schema (ops/define.ts), has no index signature.
 */
export function object<const P extends Record<string, object>, const O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
) {
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    required: Object.keys(properties).filter((name) => !(optional as readonly string[]).includes(name)) as Exclude<
      keyof P & string,
      O
    >[],
  } as const;
}

export const arrayOf = <const I extends object>(items: I) => ({ type: 'array', items }) as const;

/** `{message}`: what most commands answer. */
export const messageReply = object({ message: str });
export type MessageAnswer = Answer<typeof messageReply>;

/** One of a closed set of texts. */
export const oneOf = <const V extends readonly string[]>(values: V) => ({ type: 'string', enum: values }) as const;
/** One of a closed set of texts, or null. */
export const oneOfOrNull = <const V extends readonly string[]>(values: V) =>
  ({ type: ['string', 'null'], enum: [...values, null] }) as const;
/** The schema with a description /docs shows beside it. */
export const described = <const S extends object>(description: string, schema: S) => ({ ...schema, description }) as const;
