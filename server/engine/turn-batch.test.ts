import { describe, expect, it } from 'vitest';
import { TurnBatch } from './turn-batch';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatch', () => {
  it('writes what is added in one turn as one call, answering each in order', async () => {
    const calls: string[][] = [];
    const batch = new TurnBatch<string, string>(
      async (items) => {
        calls.push([...items]);
        return items.map((i) => i.toUpperCase());
      },
      (i) => i,
    );
    const answers = Promise.all([batch.add('a'), batch.add('b'), batch.add('c')]);
    expect(calls).toEqual([]); // nothing before the turn ends
    expect(await answers).toEqual(['A', 'B', 'C']);
    await batch.add('d');
    expect(calls).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('starts the next call when a key comes again, once the first is done, so one key is written in order', async () => {
    const calls: string[][] = [];
    const done: string[] = [];
    const batch = new TurnBatch<{ bot: string; n: number }, number>(
      async (items) => {
        const names = items.map((i) => `${i.bot}${i.n}`);
        calls.push(names);
        // The first statement is the slow one: the second must still land after it.
        await new Promise((resolve) => setTimeout(resolve, names.includes('x1') ? 30 : 0));
        done.push(...names);
        return items.map((i) => i.n);
      },
      (i) => i.bot,
    );
    const all = [batch.add({ bot: 'x', n: 1 }), batch.add({ bot: 'y', n: 2 }), batch.add({ bot: 'x', n: 3 })];
    expect(await Promise.all(all)).toEqual([1, 2, 3]);
    expect(calls).toEqual([['x1', 'y2'], ['x3']]);
    expect(done).toEqual(['x1', 'y2', 'x3']);
  });

  it('rejects every item of a call that failed, thrown or rejected, and goes on with the next', async () => {
    let fail: 'throw' | 'reject' | null = 'throw';
    const batch = new TurnBatch<number, number>((items) => {
      if (fail === 'throw') throw new Error('thrown');
      if (fail === 'reject') return Promise.reject(new Error('rejected'));
      return Promise.resolve(items.map((i) => i * 2));
    }, String);
    await expect(Promise.all([batch.add(1), batch.add(2)])).rejects.toThrow('thrown');
    await tick();
    fail = 'reject';
    const both = [batch.add(3), batch.add(4)].map((p) => p.catch((e: Error) => e.message));
    expect(await Promise.all(both)).toEqual(['rejected', 'rejected']);
    fail = null;
    expect(await batch.add(5)).toBe(10);
  });
});
