import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import { editStrategySchema } from '../../schemas/strategy';
import { PAYLOAD_BOUNDS, payloadShapeOf } from './payload-shape';

const input = yup.object({
  botID: yup.string().required('botID is required'),
  amount: yup.number().min(10, 'at least 10'),
  active: yup.boolean(),
  rows: yup.array().when('botID', ([id]: unknown[]) => (id ? yup.array().of(yup.object({ a: yup.string() })) : yup.array())),
  tags: yup.array(yup.string()),
  detail: yup.object({ name: yup.string(), cells: yup.array(yup.string()) }),
});
const shape = payloadShapeOf(input);
const checked = (payload: unknown) => shape.validate(payload);

describe("a payload's shape, read off the operation's input schema", () => {
  it("takes what a form sends as it is sent, rules unchecked: those are the server's", async () => {
    const payload = {
      botID: '',
      amount: 3,
      active: true,
      rows: [{ a: 'x' }, 'y'],
      tags: ['t'],
      detail: { name: 'n', cells: ['1'] },
    };
    expect(await checked(payload)).toEqual(payload);
    // A required field left out goes on too: the server answers it with SPEC's message.
    expect(await checked({ amount: '12.5' })).toEqual({ amount: '12.5' });
  });

  it('drops keys the schema does not name, nested ones included, and adds none', async () => {
    expect(await checked({ botID: 'b', userId: 'someone-else', detail: { name: 'n', admin: true } })).toEqual({
      botID: 'b',
      detail: { name: 'n' },
    });
    expect(await checked({})).toEqual({});
  });

  it.each([
    ['an object for a single value', { botID: { $ne: null } }],
    ['a list for a single value', { amount: [1] }],
    ['a number that is not finite', { amount: Number.POSITIVE_INFINITY }],
    ['text beyond the bound', { botID: 'x'.repeat(PAYLOAD_BOUNDS.text + 1) }],
    ['text for a list', { tags: 'all' }],
    ['a nested object inside a row', { rows: [{ a: { $gt: 1 } }] }],
    ['too many items', { rows: Array.from({ length: PAYLOAD_BOUNDS.items + 1 }, () => 'r') }],
    ['text for a record', { detail: 'all' }],
  ])('refuses %s', async (_what, payload) => {
    await expect(checked(payload)).rejects.toBeInstanceOf(yup.ValidationError);
  });

  it("reads a real operation's nested schema: a strategy edit's cells are lists of single values", async () => {
    const edit = payloadShapeOf(editStrategySchema);
    const dataToSend = { strategy_name: 'A', No_of_order: 1, buy_percentage: [], takeprofit_percentage: ['1.2'] };
    expect(await edit.validate({ dataToSend })).toEqual({ dataToSend });
    await expect(edit.validate({ dataToSend: { ...dataToSend, buy_percentage: 'all' } })).rejects.toBeInstanceOf(
      yup.ValidationError,
    );
  });

  it('takes nothing for an operation without input', async () => {
    expect(await payloadShapeOf(undefined).validate({ any: 1 })).toEqual({});
  });
});
