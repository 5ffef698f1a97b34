import { describe, expect, it } from 'vitest';
import { ConnectionBudget } from './connection-budget';

describe('connection budget', () => {
  it('lets `limit` connections open per window and holds the next until the oldest leaves it', async () => {
    let t = 0;
    const budget = new ConnectionBudget(2, 50, () => t);
    const granted: number[] = [];
    const takes = [1, 2, 3].map((n) => budget.take().then(() => granted.push(n)));
    await Promise.all(takes.slice(0, 2));
    expect(granted).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(granted).toEqual([1, 2]); // the window is full
    t = 50;
    await takes[2];
    expect(granted).toEqual([1, 2, 3]);
  });
});
