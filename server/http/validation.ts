/**
 * Requests are validated with the yup schemas of common/ (the same ones the forms use), and
 * /docs shows JSON Schema converted from them, so the rules and messages live in one place.
 */
import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import * as yup from 'yup';

type JsonSchema = Record<string, unknown>;

const yupOf = new WeakMap<object, yup.AnyObjectSchema>();

/** The JSON Schema to put on a route (`schema.body`, `schema.params`), validated by yup. */
export function fromYup(schema: yup.AnyObjectSchema): JsonSchema {
  const json = convertSchema(schema) as JsonSchema;
  yupOf.set(json, schema);
  return json;
}

/** The first message in field order, as the client shows exactly one. */
function firstMessage(error: yup.ValidationError): string {
  return error.inner[0]?.message ?? error.errors[0] ?? error.message;
}

export const yupValidatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, url, httpPart }) => {
  const validator = yupOf.get(schema as object);
  if (!validator) {
    throw new Error(`${url}: ${httpPart ?? 'request'} schema must be built with fromYup()`);
  }
  return (data: unknown) => {
    try {
      const value: unknown = validator.validateSync(data ?? {}, { abortEarly: false, stripUnknown: true });
      return { value };
    } catch (error) {
      if (error instanceof yup.ValidationError) return { error: new Error(firstMessage(error)) };
      throw error;
    }
  };
};
