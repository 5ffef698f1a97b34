import { describe, expect, it } from 'vitest';
import { arrayOf, object, str, strOrNull } from '../api/json-schema';
import { undeclaredKeys } from './undeclared-keys';

const card = object({ id: str, name: str, note: strOrNull, datewise: { type: 'object', additionalProperties: str } });

describe('the keys an answer carries that its schema does not declare', () => {
  it('finds none in an answer that keeps to its schema, maps and nulls included', () => {
    expect(undeclaredKeys(card, { id: 'b1', name: 'BTCUSDT', note: null, datewise: { '2026-12-01': '1.5' } })).toEqual([]);
  });

  it('names an added key by its path, at any depth and in arrays', () => {
    expect(undeclaredKeys(object({ message: str }), { message: 'Cycle started', warning: 'low balance' })).toEqual(['$.warning']);
    const list = object({ data: arrayOf(card) });
    const answer = {
      data: [
        { id: 'b1', name: 'x', note: null, datewise: {} },
        { id: 'b2', name: 'y', note: null, datewise: {}, secret: 's' },
      ],
    };
    expect(undeclaredKeys(list, answer)).toEqual(['$.data[1].secret']);
  });

  it('checks the values of a map against its value schema, and leaves a free-form object alone', () => {
    const map = { type: 'object', additionalProperties: object({ qty: str }) };
    expect(undeclaredKeys(map, { BTC: { qty: '1' }, ETH: { qty: '2', extra: true } })).toEqual(['$.ETH.extra']);
    expect(undeclaredKeys({ type: 'object' }, { anything: 1 })).toEqual([]);
    expect(undeclaredKeys({ type: 'object', additionalProperties: true }, { anything: 1 })).toEqual([]);
  });

  it('takes scalars and nulls as they are', () => {
    expect(undeclaredKeys(str, 'x')).toEqual([]);
    expect(undeclaredKeys(card, null)).toEqual([]);
  });
});
