import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { isValid, yupRule } from './yupRule';

const schema = yup.object({
  email: yup.string().required('Email is required.').email('Email is invalid.'),
  confirm: yup.string().oneOf([yup.ref('email')], 'Emails must match'),
});

/** Runs the rule antd would run for `field` with `values` as the whole form. */
async function validate(rule: ReturnType<typeof yupRule>, values: Record<string, unknown>, field: string) {
  const resolved = typeof rule === 'function' ? rule({ getFieldsValue: () => values } as never) : rule;
  return resolved.validator!({} as never, values[field], () => undefined);
}

async function refusal(promise: Promise<unknown> | void): Promise<string> {
  try {
    await promise;
  } catch (error) {
    render(error as ReactElement);
    return screen.getByRole('alert').textContent ?? '';
  }
  throw new Error('the rule accepted the value');
}

describe('yupRule', () => {
  it('accepts a valid field and refuses an invalid one with the schema\u2019s message in an alert', async () => {
    await expect(validate(yupRule(schema, 'email'), { email: 'a@b.co' }, 'email')).resolves.toBeUndefined();
    expect(await refusal(validate(yupRule(schema, 'email'), { email: 'nope' }, 'email'))).toBe('Email is invalid.');
  });

  it('validates against the rest of the form, so a field can refer to another', async () => {
    expect(await refusal(validate(yupRule(schema, 'confirm'), { email: 'a@b.co', confirm: 'c@d.co' }, 'confirm'))).toBe(
      'Emails must match',
    );
  });

  it('loads a schema given as a loader at the first validation, and validates the same', async () => {
    let loads = 0;
    const loader = () => {
      loads += 1;
      return Promise.resolve(schema);
    };
    const rule = yupRule(loader, 'email');
    expect(loads).toBe(0);
    expect(await refusal(validate(rule, { email: '' }, 'email'))).toBe('Email is required.');
    expect(loads).toBe(1);
  });

  it('passes on an error that is not a validation error', async () => {
    const broken = () =>
      Promise.resolve(
        yup.object({
          email: yup.string().test('boom', 'x', () => {
            throw new Error('broken test');
          }),
        }),
      );
    await expect(validate(yupRule(broken, 'email'), { email: 'a' }, 'email')).rejects.toThrow('broken test');
  });

  it('isValid tells whether the whole form passes', () => {
    expect(isValid(schema, { email: 'a@b.co', confirm: 'a@b.co' })).toBe(true);
    expect(isValid(schema, { email: 'a@b.co', confirm: 'x' })).toBe(false);
    expect(isValid(schema, undefined)).toBe(false);
  });
});
