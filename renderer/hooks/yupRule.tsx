/**
 * Bridges the yup schemas of common/ into antd Form rules, so a form shows exactly the
 * messages the server would send and the rules are written once.
 */
import type { FormRule } from 'antd';
import { ValidationError, type AnyObjectSchema } from 'yup';

/**
 * One rule validating `field` against `schema`, with the rest of the form as context. antd 6
 * renders field errors without a live-region role, so the message is wrapped in role="alert":
 * screen readers announce it and tests can find it by role.
 */
export function yupRule(schema: AnyObjectSchema, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      try {
        await schema.validateAt(field, { ...getFieldsValue(true), [field]: value });
      } catch (error) {
        // rc-field-form keeps a React element as the error; `rule.message` must stay unset.
        if (error instanceof ValidationError) throw <span role="alert">{error.message}</span>;
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
