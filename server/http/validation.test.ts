import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { SERVER } from '../../common/messages';
import type { FastifyError } from 'fastify';
import { fromYup, reasonOfValidation, yupValidatorCompiler } from './validation';

function validate(schema: yup.AnyObjectSchema, data: unknown) {
  const validator = yupValidatorCompiler({ schema: fromYup(schema), method: 'POST', url: '/x', httpPart: 'body' });
  return validator(data) as { value?: unknown; error?: Error };
}

describe('yupValidatorCompiler', () => {
  const schema = yup.object({ name: yup.string().trim().required('name is required.'), count: yup.number().optional() });

  it('answers with the first message of the schema', () => {
    expect(validate(schema, {}).error?.message).toBe('name is required.');
    expect(validate(schema, { name: ' a ' }).value).toEqual({ name: 'a' });
  });

  it.each([
    ['a missing field', {}, 'validation.required'],
    ['an empty field', { name: '' }, 'validation.required'],
    ['a broken rule', { name: 'toolong' }, 'validation.invalid'],
    ['a wrong type', { name: 'a', count: 'x' }, 'request.malformed'],
    ['an object for text', { name: {} }, 'request.malformed'],
  ])('gives %s its reason', (_case, data, reason) => {
    const ruled = yup.object({
      name: yup.string().trim().required('name is required.').max(3, 'name is too long.'),
      count: yup.number().optional(),
    });
    const { error } = validate(ruled, data);
    expect(reasonOfValidation(error as FastifyError)).toBe(reason);
  });

  it('answers an object where yup expects text with a 400 message, not a TypeError', () => {
    // yup's trim() and uppercase() throw on an object or array.
    expect(validate(schema, { name: {} }).error?.message).toBe(SERVER.malformedRequest);
    expect(validate(schema, { name: [1] }).error?.message).toBe(SERVER.malformedRequest);
  });

  it('answers a wrong type in one short sentence instead of echoing the input', () => {
    expect(validate(schema, { name: 'a', count: 'x'.repeat(100_000) }).error?.message).toBe(SERVER.malformedRequest);
    expect(validate(schema, [1, 2]).error?.message).toBe(SERVER.malformedRequest);
    const own = yup.object({ limit: yup.number().typeError('limit must be a number') });
    expect(validate(own, { limit: 'x' }).error?.message).toBe('limit must be a number');
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'])(
    'ignores a %s key instead of looking it up on Object.prototype',
    (key) => {
      const data = JSON.parse(`{"name": "a", "${key}": {"prototype": {"polluted": "yes"}}}`) as object;
      expect(validate(schema, data)).toEqual({ value: { name: 'a' } });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('cleans nested objects and arrays too', () => {
    const nested = yup.object({ items: yup.array().of(yup.object({ id: yup.string() })) });
    const data = JSON.parse('{"items": [{"id": "a", "constructor": 1}]}') as object;
    expect(validate(nested, data)).toEqual({ value: { items: [{ id: 'a' }] } });
  });
});
