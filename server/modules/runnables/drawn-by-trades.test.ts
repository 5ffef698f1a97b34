import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { DrawnByTrades } from './drawn-by-trades';

const db = () => ({}) as Db;

describe('DrawnByTrades', () => {
  it('keeps a value for the trade count it was drawn at, per database', () => {
    const drawn = new DrawnByTrades<string>(10);
    const [a, b] = [db(), db()];
    drawn.set(a, 'bot', 3, 'at 3');
    expect(drawn.get(a, 'bot', 3)).toBe('at 3');
    expect(drawn.get(a, 'bot', 4)).toBeUndefined();
    expect(drawn.get(b, 'bot', 3)).toBeUndefined();
  });

  it('lets the least recently drawn go beyond its capacity', () => {
    const drawn = new DrawnByTrades<number>(2);
    const d = db();
    drawn.set(d, 'one', 1, 1);
    drawn.set(d, 'two', 1, 2);
    drawn.set(d, 'one', 2, 11); // redrawn: now the newest
    drawn.set(d, 'three', 1, 3);
    expect(drawn.get(d, 'two', 1)).toBeUndefined();
    expect(drawn.get(d, 'one', 2)).toBe(11);
    expect(drawn.get(d, 'three', 1)).toBe(3);
  });
});
