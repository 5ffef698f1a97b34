import type { FormRule } from 'antd';
import { ValidationError, type Schema } from 'yup';

/** A rule from a single-value yup schema (a strategy cell), the message in role="alert" as yupRule does. */
export function cellRule(schema: Schema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      try {
        await schema.validate(value);
      } catch (error) {
        if (error instanceof ValidationError) throw <span role="alert">{error.message}</span>;
        throw error;
      }
    },
  };
}
