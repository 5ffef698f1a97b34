/**
 * What a member's runnables hold, read while a start is being recorded: the start's row goes
 * and its cycle's row comes in one transaction, and the read must see one of the two, never
 * neither. Read in separate statements (each with its own snapshot on PostgreSQL), a read could
 * take the cycles before that transaction committed and the starts after it, miss the start's
 * amount, and let a concurrent start commit money already committed (starting.test.ts saw three
 * 800 USDT cycles from 1,000 free accepted twice).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../common/money';
import { cycles, runnableStarts } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { insertMember } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { memberHoldings } from './holdings';

const targets = await databaseTargets();
const ROUNDS = 60;

describe.each(targets)('memberHoldings on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server?.close());

  it('counts a start being recorded exactly once, as its start or as its cycle, however the read interleaves', async () => {
    const { db } = server.database;
    const userId = await insertMember(db);
    const counted: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const symbol = `P${round}USDT`;
      const [start] = await db
        .insert(runnableStarts)
        .values({ userId, kind: 'cycle', symbol, category: 'Spot', amount: '800' })
        .returning({ id: runnableStarts.id });
      const record = db.transaction(async (tx) => {
        await tx.insert(cycles).values({
          userId,
          status: 'Live',
          symbol,
          amount: '800',
          buyPrice: '1',
          sellPrice: '2',
          stopLoss: '0.5',
          noOfCycle: 1,
        });
        await tx.delete(runnableStarts).where(eq(runnableStarts.id, start!.id));
      });
      const [holdings] = await Promise.all([memberHoldings(db, userId), record]);
      const usdt = holdings
        .filter((h) => h.market === 'spot' && h.asset === 'USDT')
        .reduce((sum, h) => sum.plus(h.holder.amount), new Decimal(0));
      counted.push(usdt.toFixed());
    }
    // Round r sees the r cycles recorded before it and this round's 800 once.
    expect(counted).toEqual(Array.from({ length: ROUNDS }, (_, round) => String(800 * (round + 1))));
  });
});
