import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrategyDetail, StrategyListItem } from '../../../common/api/strategy';
import { SERVER, VALIDATION } from '../../../common/messages';
import { bots } from '../../db/schema';
import { databaseTargets, oneDatabaseTarget } from '../../testing/databases';
import { bearer, memberApi, register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { strategyBody, type Body } from '../../../common/testing/strategy-bodies';
import { anyReason } from '../../testing/refusals';

const targets = await databaseTargets();
// Refused input never reaches the database: one database (testing/databases.ts' rule).
const validationTargets = await oneDatabaseTarget();

describe.each(targets)('strategy endpoints on $name', (target) => {
  let server: TestServer;
  let alice: Registered;
  let bob: Registered;
  beforeAll(async () => {
    server = await createTestServer(target);
    alice = await register(server, { username: 'Alice' });
    bob = await register(server, { username: 'Bob' });
  });
  afterAll(() => server?.close());

  const { get, post } = memberApi(() => server);
  const create = (who: Registered, body: Body) => post(who, 'strategy', body);
  const detail = async (who: Registered, name: string) =>
    (await post(who, 'stratagybypara', { strategy_name: name })).json<StrategyDetail>();
  const names = async (who: Registered, url: string) =>
    (await get(who, url)).json<StrategyListItem[]>().map((s) => s.strategy_name);
  const addBot = async (who: Registered, name: string, status: 'Live' | 'Pause' | 'Stopped') => {
    const [item] = (await get(who, 'mystratagieslist')).json<StrategyListItem[]>().filter((s) => s.strategy_name === name);
    await server.database.db.insert(bots).values({ userId: who.userId, strategyId: item!._id, status });
  };

  describe('system strategies', () => {
    it('lists at least three, selectable by every member by name', async () => {
      const res = await get(alice, 'systemstrategy');
      expect(res.statusCode).toBe(200);
      const list = res.json<StrategyListItem[]>();
      expect(list.map((s) => [s.strategy_name, s.No_of_order, s.status])).toEqual([
        ['System 5 Grids - Wide', 5, 'inactive'],
        ['System 10 Grids - Balanced', 10, 'inactive'],
        ['System 20 Grids - Tight', 20, 'inactive'],
      ]);
      expect(await names(bob, 'systemstrategy')).toEqual(list.map((s) => s.strategy_name));
      expect((await post(bob, 'noofgrid', { strategyName: 'System 20 Grids - Tight' })).json()).toEqual({ noOfGrid: 20 });
      expect(await detail(bob, 'System 10 Grids - Balanced')).toEqual({
        strategy_name: 'System 10 Grids - Balanced',
        No_of_order: 10,
        allotted_amount_percentage_per_order: Array(10).fill('0.1'),
        buy_percentage: Array(9).fill('1.2'),
        buy_percentage_up: Array(9).fill('0.2'),
        takeprofit_percentage: Array(10).fill('1.2'),
        takeprofit_percentage_down: Array(10).fill('0.2'),
      });
    });

    it('are edited and deleted by no one (403), and their names cannot be taken', async () => {
      const name = 'System 5 Grids - Wide';
      const system = await detail(alice, name);
      const edit = await post(alice, 'stratagyedit', { dataToSend: system });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toEqual({ message: SERVER.systemStrategyReadOnly, reason: 'strategy.read_only' });
      const del = await post(alice, 'deletestrategy', { strategy_name: name });
      expect(del.statusCode).toBe(403);
      expect(del.json()).toEqual({ message: SERVER.systemStrategyReadOnly, reason: 'strategy.read_only' });
      const taken = await create(alice, strategyBody(name, 2));
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ message: SERVER.strategyExists, reason: 'strategy.exists' });
      expect(await detail(alice, name)).toEqual(system);
    });

    it('scalping lists exist and are empty', async () => {
      for (const url of ['mystratagiesscalping', 'systemstrategyscalping']) {
        const res = await get(alice, url);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([]);
      }
    });
  });

  describe('create and read', () => {
    it('saves a strategy and lists it with SPEC field names', async () => {
      const res = await create(alice, strategyBody('Alpha', 3));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SERVER.strategySaved });
      const [item] = (await get(alice, 'mystratagieslist')).json<StrategyListItem[]>();
      expect(item).toEqual({ strategy_name: 'Alpha', No_of_order: 3, status: 'inactive', _id: expect.any(String) });
      expect(await names(alice, 'mystratagies')).toEqual(['Alpha']);
      expect((await post(alice, 'noofgrid', { strategyName: 'Alpha' })).json()).toEqual({ noOfGrid: 3 });
    });

    it('returns the detail: allotted as fractions, buy arrays one shorter than the grids', async () => {
      expect(await detail(alice, 'Alpha')).toEqual({
        strategy_name: 'Alpha',
        No_of_order: 3,
        allotted_amount_percentage_per_order: ['0.3333', '0.3333', '0.3334'],
        buy_percentage: ['1.2', '1.2'],
        buy_percentage_up: ['0.2', '0.2'],
        takeprofit_percentage: ['1.2', '1.2', '1.2'],
        takeprofit_percentage_down: ['0.2', '0.2', '0.2'],
      });
    });

    it('accepts JSON numbers, string grid counts and Marketprice in grid 1', async () => {
      const body = strategyBody('Numbers', 2);
      const rows = body.tableData.map((r) => ({ ...r, allottedAmountPercentagePerOrder: 50, takeProfitPercentage: 2.5 }));
      rows[0] = { ...rows[0]!, buyPercentage: 'Marketprice', buyPercentageUp: 'Marketprice' };
      const res = await create(alice, { ...body, noOfGrids: '2', tableData: rows });
      expect(res.statusCode).toBe(200);
      expect((await detail(alice, 'Numbers')).takeprofit_percentage).toEqual(['2.5', '2.5']);
    });

    it('refuses a name the member already uses', async () => {
      const res = await create(alice, strategyBody('Alpha', 2));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: SERVER.strategyExists, reason: 'strategy.exists' });
    });
  });

  describe('edit', () => {
    it('rewrites the percentages, keeping the name and grid count', async () => {
      await create(alice, strategyBody('Editable', 2));
      const dataToSend = {
        ...(await detail(alice, 'Editable')),
        allotted_amount_percentage_per_order: ['0.25', 0.75],
        buy_percentage: ['2'],
        takeprofit_percentage: ['3', '1.5'],
      };
      const res = await post(alice, 'stratagyedit', { dataToSend });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SERVER.strategyUpdated });
      expect(await detail(alice, 'Editable')).toMatchObject({
        allotted_amount_percentage_per_order: ['0.25', '0.75'],
        buy_percentage: ['2'],
        takeprofit_percentage: ['3', '1.5'],
      });
    });

    it.each<[string, (d: StrategyDetail) => object, string]>([
      [
        'a changed grid count',
        (d) => ({
          ...d,
          No_of_order: 3,
          buy_percentage: ['1', '1'],
          buy_percentage_up: ['0', '0'],
          allotted_amount_percentage_per_order: ['0.25', '0.25', '0.5'],
          takeprofit_percentage: ['1', '1', '1'],
          takeprofit_percentage_down: ['0', '0', '0'],
        }),
        VALIDATION.gridCountFixed,
      ],
      [
        'a fraction total of 0.9',
        (d) => ({ ...d, allotted_amount_percentage_per_order: ['0.25', '0.65'] }),
        VALIDATION.allottedTotal('90'),
      ],
      [
        'a buy array as long as the grids',
        (d) => ({ ...d, buy_percentage: ['1', '1'] }),
        VALIDATION.detailEntries('buy_percentage', 1),
      ],
      [
        'an empty take profit',
        (d) => ({ ...d, takeprofit_percentage: ['3', ''] }),
        VALIDATION.cellRequired(2, 'Take Profit (%) 1st condition (Up)'),
      ],
      [
        'a missing array',
        (d) => ({ ...d, takeprofit_percentage_down: undefined }),
        VALIDATION.fieldRequired('takeprofit_percentage_down'),
      ],
    ])('refuses %s with 400', async (_case, change, message) => {
      const res = await post(alice, 'stratagyedit', { dataToSend: change(await detail(alice, 'Editable')) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, reason: anyReason });
    });

    it('refuses a body without dataToSend', async () => {
      const res = await post(alice, 'stratagyedit', {});
      expect(res.statusCode).toBe(400);
    });
  });

  describe('ownership', () => {
    it('never shows, edits or deletes another member’s strategy (404)', async () => {
      expect(await names(bob, 'mystratagieslist')).toEqual([]);
      expect((await post(bob, 'stratagybypara', { strategy_name: 'Alpha' })).statusCode).toBe(404);
      expect((await post(bob, 'noofgrid', { strategyName: 'Alpha' })).statusCode).toBe(404);
      const edit = await post(bob, 'stratagyedit', { dataToSend: await detail(alice, 'Alpha') });
      expect(edit.statusCode).toBe(404);
      expect(edit.json()).toEqual({ message: SERVER.strategyNotFound, reason: 'strategy.not_found' });
      expect((await post(bob, 'deletestrategy', { strategy_name: 'Alpha' })).statusCode).toBe(404);
      expect(await names(alice, 'mystratagieslist')).toContain('Alpha');
    });

    it('lets another member use the same name for their own strategy', async () => {
      expect((await create(bob, strategyBody('Alpha', 4))).statusCode).toBe(200);
      expect((await detail(bob, 'Alpha')).No_of_order).toBe(4);
      expect((await detail(alice, 'Alpha')).No_of_order).toBe(3);
    });

    it('needs a signed-in member (401)', async () => {
      for (const [method, url] of [
        ['GET', 'mystratagieslist'],
        ['GET', 'systemstrategy'],
        ['POST', 'strategy'],
        ['POST', 'deletestrategy'],
      ] as const) {
        const res = await server.app.inject({ method, url: `/api/${url}`, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode).toBe(401);
      }
    });
  });

  describe('status and delete', () => {
    it.each(['Live', 'Pause'] as const)('is active and not deletable while a %s bot uses it', async (status) => {
      const name = `In use ${status}`;
      await create(alice, strategyBody(name, 2));
      await addBot(alice, name, status);
      const item = (await get(alice, 'mystratagieslist')).json<StrategyListItem[]>().find((s) => s.strategy_name === name);
      expect(item?.status).toBe('active');
      const res = await post(alice, 'deletestrategy', { strategy_name: name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: SERVER.strategyInUse, reason: 'strategy.in_use' });
      expect(await names(alice, 'mystratagieslist')).toContain(name);
    });

    it('deletes a strategy whose bots are stopped, keeping the bot rows', async () => {
      await create(alice, strategyBody('Retired', 2));
      await addBot(alice, 'Retired', 'Stopped');
      const res = await post(alice, 'deletestrategy', { strategy_name: 'Retired' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SERVER.strategyDeleted });
      expect(await names(alice, 'mystratagieslist')).not.toContain('Retired');
      expect((await post(alice, 'stratagybypara', { strategy_name: 'Retired' })).statusCode).toBe(404);
      expect((await create(alice, strategyBody('Retired', 2))).statusCode).toBe(200);
    });

    it('shows a system strategy as active for the member whose bot runs it', async () => {
      const [system] = (await get(alice, 'systemstrategy')).json<StrategyListItem[]>();
      await server.database.db.insert(bots).values({ userId: alice.userId, strategyId: system!._id, status: 'Live' });
      expect((await get(alice, 'systemstrategy')).json<StrategyListItem[]>()[0]?.status).toBe('active');
      expect((await get(bob, 'systemstrategy')).json<StrategyListItem[]>()[0]?.status).toBe('inactive');
    });
  });
});

// Titled as the describe above, so each test keeps its name (and its identity in a count of distinct tests).
describe.each(validationTargets)('strategy endpoints on $name', (target) => {
  let server: TestServer;
  let alice: Registered;
  beforeAll(async () => {
    server = await createTestServer(target);
    alice = await register(server, { username: 'Alice' });
  });
  afterAll(() => server?.close());

  const { post } = memberApi(() => server);
  const create = (who: Registered, body: Body) => post(who, 'strategy', body);

  describe('invalid input', () => {
    const cell = (grid: number, field: string, value: unknown) => (body: Body) => {
      const row = body.tableData[grid - 1] as unknown as Record<string, unknown>;
      row[field] = value;
      return body;
    };
    const cases: [string, (b: Body) => unknown, string][] = [
      ['no name', (b) => ({ ...b, strategyName: '  ' }), VALIDATION.strategyNameRequired],
      ['a long name', (b) => ({ ...b, strategyName: 'x'.repeat(51) }), VALIDATION.strategyNameMax],
      ['0 grids', (b) => ({ ...b, noOfGrids: 0 }), VALIDATION.gridsRange],
      ['51 grids', (b) => ({ ...b, noOfGrids: 51 }), VALIDATION.gridsRange],
      ['3 digits', (b) => ({ ...b, noOfGrids: '003' }), VALIDATION.gridsRange],
      ['a fraction of a grid', (b) => ({ ...b, noOfGrids: 2.5 }), VALIDATION.gridsRange],
      ['no table', (b) => ({ ...b, tableData: undefined }), VALIDATION.tableRows(3)],
      ['a missing row', (b) => ({ ...b, tableData: b.tableData.slice(1) }), VALIDATION.tableRows(3)],
      ['rows out of order', (b) => ({ ...b, tableData: [...b.tableData].reverse() }), VALIDATION.tableRows(3)],
      [
        'an empty cell',
        cell(2, 'takeProfitPercentageDown', ''),
        VALIDATION.cellRequired(2, 'Take Profit (%) 2nd condition (Down)'),
      ],
      ['a missing cell', cell(3, 'buyPercentageUp', null), VALIDATION.cellRequired(3, 'Buy (%) 2nd condition (Up)')],
      ['a negative cell', cell(2, 'buyPercentageUp', '-1'), VALIDATION.cellNumber(2, 'Buy (%) 2nd condition (Up)')],
      ['a word', cell(1, 'takeProfitPercentage', 'abc'), VALIDATION.cellNumber(1, 'Take Profit (%) 1st condition (Up)')],
      ['0 % buy step', cell(2, 'buyPercentage', '0'), VALIDATION.cellAboveZero(2, 'Buy (%) 1st condition (Down)')],
      ['0 % take profit', cell(3, 'takeProfitPercentage', 0), VALIDATION.cellAboveZero(3, 'Take Profit (%) 1st condition (Up)')],
      ['a grid-1 buy percentage', cell(1, 'buyPercentage', '1'), VALIDATION.gridOneAtMarket],
      ['allotted total 99.98', cell(3, 'allottedAmountPercentagePerOrder', '33.32'), VALIDATION.allottedTotal('99.98')],
      ['allotted total 110', cell(1, 'allottedAmountPercentagePerOrder', '43.33'), VALIDATION.allottedTotal('110')],
    ];
    it.each(cases)('refuses %s with 400', async (_case, change, message) => {
      const res = await create(alice, change(strategyBody('Invalid', 3)) as Body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, reason: anyReason });
    });

    it('accepts a total within 0.01 of 100', async () => {
      const res = await create(alice, cell(3, 'allottedAmountPercentagePerOrder', '33.33')(strategyBody('Tolerance', 3)));
      expect(res.statusCode).toBe(200);
    });

    it.each(['stratagybypara', 'deletestrategy'])('refuses %s without a strategy_name', async (url) => {
      const res = await post(alice, url, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: VALIDATION.strategyNameRequired, reason: 'validation.required' });
    });

    it('refuses malformed JSON and unknown names without a 500', async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/strategy',
        payload: '{"strategyName":',
        headers: { ...bearer(alice.token), 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect((await post(alice, 'noofgrid', { strategyName: 'Nope' })).statusCode).toBe(404);
      expect((await post(alice, 'stratagybypara', { strategy_name: 'Nope' })).json()).toEqual({
        message: SERVER.strategyNotFound,
        reason: 'strategy.not_found',
      });
    });
  });
});
