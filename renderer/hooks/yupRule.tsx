/**
 * Bridges the yup schemas of common/ into antd Form rules, so a form shows exactly the
 * messages the server would send and the rules are written once.
 */
import type { FormRule } from 'antd';
import type { AnyObjectSchema, ValidationError } from 'yup';

/**
 * A schema, or a function that loads it: the login screen, the first the app draws, passes a
 * loader so yup (about 11 KB of gzipped JavaScript) loads while the member types, not before
 * the screen can take input.
 */
export type SchemaSource = AnyObjectSchema | (() => Promise<AnyObjectSchema>);

/** yup's ValidationError, told by its name so this module does not import yup itself. */
function isValidationError(error: unknown): error is ValidationError {
  return error instanceof Error && error.name === 'ValidationError';
}

/**
 * One rule validating `field` against `schema`, with the rest of the form as context. antd 6
 * renders field errors without a live-region role, so the message is wrapped in role="alert":
 * screen readers announce it and tests can find it by role.
 */
export function yupRule(schema: SchemaSource, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      const resolved = typeof schema === 'function' ? await schema() : schema;
      try {
        await resolved.validateAt(field, { ...getFieldsValue(true), [field]: value });
      } catch (error) {
        // rc-field-form keeps a React element as the error; `rule.message` must stay unset.
        if (isValidationError(error)) throw <span role="alert">{error.message}</span>;
        throw error;
      }
    },
  });
}

/** Whether `values` pass `schema` entirely (drives "submit disabled until valid"). */
export function isValid(schema: AnyObjectSchema, values: unknown): boolean {
  try {
    schema.validateSync(values ?? {}, { abortEarly: true });
    return true;
  } catch {
    return false;
  }
}
