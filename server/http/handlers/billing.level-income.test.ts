import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { SERVER } from '../../../common/messages';
import { MAX_PAGE_SIZE } from '../../../common/schemas/billing';
import { addPlan } from '../../modules/subscriptions/plans';
import { databaseTargets } from '../../testing/databases';
import { createBillingServer, type BillingServer } from '../../testing/billing-server';
import { team } from '../testing/team';

const targets = await databaseTargets();

describe.each(targets)('billing service: level income (level-reward, list) on $name', (target) => {
  let server: BillingServer;
  let planId: string;

  const db = () => server.database.db;
  const { members: m, add: member, buy: buyPlan } = team(() => server);
  const buy = (name: string) => buyPlan(name, planId, '100');
  const summary = (who: string | null) => server.billing(who === null ? null : m[who]!.token, '/level-income/level-reward');
  const list = (who: string | null, body?: object) =>
    server.billing(who === null ? null : m[who]!.token, '/level-income/list', body);

  beforeAll(async () => {
    server = await createBillingServer(target);
    planId = (await addPlan(db(), '100', 30)).id;
    // Two separate teams (level percentages 5,2,1,1,1): Ann <- Abe <- Amy, and Bob <- Ben.
    await member('Ann', null);
    await member('Abe', 'Ann');
    await member('Amy', 'Abe');
    await member('Bob', null);
    await member('Ben', 'Bob');
    await buy('Abe'); // Ann earns 5 (level 1)
    await buy('Amy'); // Abe earns 5 (level 1), Ann 2 (level 2)
    await buy('Ben'); // Bob earns 5 (level 1)
    await buy('Ben'); // and 5 again
  });
  afterAll(() => server?.close());

  it('answers 401 without a session, or with a token that is not one', async () => {
    for (const res of [
      await summary(null),
      await list(null, {}),
      await list(null),
      await server.billing('not-a-token', '/level-income/level-reward'),
      await server.billing('not-a-token', '/level-income/list', {}),
    ]) {
      expect([res.statusCode, res.json().msg]).toEqual([401, SERVER.unauthorized]);
    }
  });

  it("sums only the asker's own rewards", async () => {
    for (const [who, rewards] of [
      ['Ann', '7'],
      ['Abe', '5'],
      ['Amy', '0'],
      ['Bob', '10'],
      ['Ben', '0'],
    ] as const) {
      const res = await summary(who);
      expect([res.statusCode, res.json()], who).toEqual([
        200,
        { code: BILLING_SUCCESS_CODE, msg: SERVER.accountOk, data: { rewards } },
      ]);
    }
  });

  it("lists only the asker's own rewards, newest first, with who they came from", async () => {
    const ann = await list('Ann', { filters: {}, limit: 10, page: 1 });
    expect(ann.statusCode).toBe(200);
    expect(ann.json()).toMatchObject({
      code: BILLING_SUCCESS_CODE,
      msg: SERVER.accountOk,
      data: { current: 1, pages: 1, total: 2 },
    });
    expect(
      ann
        .json()
        .data.records.map((r: { amount: string; percentage: string; fromUserName: string }) => [
          r.fromUserName,
          r.percentage,
          r.amount,
        ]),
    ).toEqual([
      ['Amy', '2', '2'],
      ['Abe', '5', '5'],
    ]);
    const bob = (await list('Bob', {})).json().data;
    expect([bob.total, bob.records.map((r: { fromUserName: string }) => r.fromUserName)]).toEqual([2, ['Ben', 'Ben']]);
    const annIds = new Set(ann.json().data.records.map((r: { id: string }) => r.id));
    expect(bob.records.some((r: { id: string }) => annIds.has(r.id))).toBe(false);
    for (const who of ['Amy', 'Ben'])
      expect((await list(who, {})).json().data).toEqual({ records: [], current: 1, pages: 0, total: 0 });
  });

  it('pages with the defaults when the body or its fields are left out, and ignores fields it does not know', async () => {
    expect((await list('Ann')).json().data).toMatchObject({ current: 1, total: 2 });
    const page2 = (await list('Ann', { limit: 1, page: 2 })).json().data;
    expect([page2.current, page2.pages, page2.total, page2.records.map((r: { fromUserName: string }) => r.fromUserName)]).toEqual(
      [2, 2, 2, ['Abe']],
    );
    const numericText = (await list('Ann', { limit: '1', page: '1' })).json().data;
    expect([numericText.current, numericText.records.length]).toEqual([1, 1]);
    // The schema strips unknown fields (validation.ts, stripUnknown): a stray one changes nothing.
    const stray = await list('Ann', { limit: 1, page: 1, userId: m.Bob!.id, sort: 'asc' });
    expect([stray.statusCode, stray.json().data.records[0].fromUserName]).toEqual([200, 'Amy']);
  });

  it('answers each invalid paging input with 400 and its message', async () => {
    for (const [payload, msg] of [
      [{ page: 'x' }, 'page must be a number'],
      [{ page: true }, 'page must be a number'],
      [{ page: 1.5 }, 'page must be an integer'],
      [{ page: 0 }, 'page must be at least 1'],
      [{ page: -1 }, 'page must be at least 1'],
      [{ page: 1_000_001 }, 'page must be at most 1000000'],
      [{ limit: 'ten' }, 'limit must be a number'],
      [{ limit: {} }, 'limit must be a number'],
      [{ limit: 2.5 }, 'limit must be an integer'],
      [{ limit: 0 }, 'limit must be at least 1'],
      [{ limit: -10 }, 'limit must be at least 1'],
      [{ limit: MAX_PAGE_SIZE + 1 }, `limit must be at most ${MAX_PAGE_SIZE}`],
      [{ filters: 'level=1' }, SERVER.malformedRequest],
    ] as const) {
      const res = await list('Ann', payload);
      expect([res.statusCode, res.json()], JSON.stringify(payload)).toEqual([400, expect.objectContaining({ code: '400', msg })]);
    }
  });
});
