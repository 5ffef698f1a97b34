/**
 * GET /api/livecycles and /api/cyclebothistory through the server:
 * every field of a live cycle card (the price from the market-data hub, the progress from the
 * engine's state or its columns, the sparkline from the filled sells) and History's Cycle rows,
 * each member seeing only their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CycleHistoryRow, LiveCycle } from '../../../common/api/cycles';
import {
  insertCycle,
  insertFilledCycleOrders,
  type CycleRow,
  type FilledCycleOrder,
} from '../../modules/cycles/testing/fixtures';
import { oneDatabaseTarget } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createSimulatedServer, type SimulatedServer } from '../../testing/simulated-server';

// One database (testing/databases.ts' rule): read endpoints formatting what the test stored, and their 401 refusals.
const targets = await oneDatabaseTarget();
const DAY = 86_400_000;
const NOW = new Date();
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
/** A cycle's buy of 1 at 95, filled `days` ago. */
const bought = (days: number): FilledCycleOrder => ({ side: 'buy', price: '95', qty: '1', filledAt: daysAgo(days) });
/** A round of a cycle: its buy, and the sell that closed it (at 105, 9.8 profit, unless `sold` says otherwise). */
const round = (boughtDays: number, soldDays: number, sold = { price: '105', pnl: '9.8' }): FilledCycleOrder[] => [
  bought(boughtDays),
  { side: 'sell', price: sold.price, qty: '1', pnl: sold.pnl, filledAt: daysAgo(soldDays) },
];

describe.each(targets)('cycle read endpoints on $name', (target) => {
  let server: SimulatedServer;
  let alice: Registered;
  let bob: Registered;
  const cycle: Record<string, CycleRow> = {};
  const { get } = memberApi(() => server);

  beforeAll(async () => {
    server = await createSimulatedServer(target, {}, { BTCUSDT: '96.5', ETHUSDT: '3000' });
    [alice, bob] = await Promise.all([register(server, { username: 'Alice' }), register(server, { username: 'Bob' })]);
    const db = server.database.db;
    // Bought in its third round (two done), as the engine's state says: the columns were never written.
    cycle.holding = await insertCycle(db, alice.userId, {
      now: NOW,
      daysAgo: 3,
      noOfCycle: 5,
      progress: { completed: 2, lastBoughtPrice: '95', realized: '19.6', trades: 5 },
    });
    await insertFilledCycleOrders(db, cycle.holding.id, [...round(3, 2), ...round(2, 1), bought(1)]);
    // Waiting for its first buy, started today, on futures; the engine kept its figures in the columns.
    cycle.future = await insertCycle(db, alice.userId, {
      symbol: 'ETHUSDT',
      category: 'Future',
      leverage: 3,
      amount: '50',
      buyPrice: '2900',
      sellPrice: '3100',
      stopLoss: '2500',
      noOfCycle: 2,
      state: null,
      cyclesCompleted: 1,
      realizedPnl: '4.5',
      lastPrice: '2990',
    });
    cycle.completed = await insertCycle(db, alice.userId, {
      status: 'Completed',
      now: NOW,
      daysAgo: 6,
      stoppedAt: daysAgo(1),
      noOfCycle: 2,
      cyclesCompleted: 2,
      lastPrice: '105',
      progress: { completed: 2, status: 'completed', end: 'completed' },
    });
    await insertFilledCycleOrders(db, cycle.completed.id, [...round(5, 4), ...round(3, 1)]);
    cycle.stoplossed = await insertCycle(db, alice.userId, {
      status: 'Stopped',
      now: NOW,
      daysAgo: 10,
      stoppedAt: daysAgo(2),
      noOfCycle: 4,
      lastPrice: '79.5',
      progress: { completed: 1, status: 'stopped', end: 'stoploss' },
    });
    // The second round's sell is the stop loss.
    await insertFilledCycleOrders(db, cycle.stoplossed.id, [...round(9, 8), ...round(7, 2, { price: '79.5', pnl: '-15.6' })]);
    cycle.bobs = await insertCycle(db, bob.userId, { symbol: 'SOLUSDT' });
  });
  afterAll(() => server?.close());

  it('refuses both without a token', async () => {
    for (const url of ['livecycles', 'cyclebothistory']) {
      expect((await server.app.inject({ method: 'GET', url: `/api/${url}` })).statusCode).toBe(401);
    }
  });

  it("livecycles lists the member's Live cycles, newest first, with every field of a card", async () => {
    const list = (await get(alice, 'livecycles')).json<LiveCycle[]>();
    expect(list.map((c) => c.id)).toEqual([cycle.future!.id, cycle.holding!.id]);
    expect(list[1]).toEqual({
      id: cycle.holding!.id,
      pair: 'BTCUSDT',
      category: 'Spot',
      leverage: null,
      status: 'Live',
      liveprice: '96.5',
      runtime: 3,
      investment: '100',
      profit: '19.6',
      cycles_completed: 2,
      no_of_cycle: 5,
      last_bought_price: '95',
      buy_price: '95',
      sell_price: '105',
      stop_loss: '80',
      tickSize: '0.01',
      stepSize: '0.00001', // the pair's steps it trades on, for its prices' decimals
      sparklineData: [
        { time: daysAgo(2).getTime(), value: '9.8' },
        { time: daysAgo(1).getTime(), value: '19.6' },
      ],
    });
    expect(list[0]).toMatchObject({
      pair: 'ETHUSDT',
      category: 'Future',
      leverage: 3,
      runtime: 0,
      investment: '50',
      profit: '4.5',
      cycles_completed: 1,
      no_of_cycle: 2,
      last_bought_price: null,
      buy_price: '2900',
      sell_price: '3100',
      stop_loss: '2500',
      sparklineData: [],
    });
    expect(list[0]!.liveprice).toMatch(/^\d+(\.\d+)?$/);
  });

  it('shows each member only their own live cycles', async () => {
    expect((await get(bob, 'livecycles')).json<LiveCycle[]>().map((c) => c.id)).toEqual([cycle.bobs!.id]);
  });

  it('cyclebothistory lists Completed and Stopped cycles, newest stop first, with the books of their sells', async () => {
    const rows = (await get(alice, 'cyclebothistory')).json<CycleHistoryRow[]>();
    expect(rows).toEqual([
      {
        id: cycle.completed!.id,
        symbol: 'BTCUSDT',
        strategy_name: 'Cycle 2/2',
        runtime: 5,
        investment: '100',
        profit: '19.6',
        lossbook: 'NA',
        totalpnl: '19.6',
        roi: '19.60',
        botstarttime: cycle.completed!.startedAt.toISOString(),
        botstoptime: daysAgo(1).toISOString(),
        stopAt: '105',
        trades: 4,
        status: 'Completed',
        stopReason: null,
        cycles_completed: 2,
        no_of_cycle: 2,
      },
      {
        id: cycle.stoplossed!.id,
        symbol: 'BTCUSDT',
        strategy_name: 'Cycle 1/4',
        runtime: 8,
        investment: '100',
        profit: '9.8',
        lossbook: '-15.6',
        totalpnl: '-5.8',
        roi: '-5.80',
        botstarttime: cycle.stoplossed!.startedAt.toISOString(),
        botstoptime: daysAgo(2).toISOString(),
        stopAt: '79.5',
        trades: 4,
        status: 'Stopped',
        stopReason: 'stoploss',
        cycles_completed: 1,
        no_of_cycle: 4,
      },
    ]);
    expect((await get(bob, 'cyclebothistory')).json()).toEqual([]);
  });
});
