/**
 * The Idempotency-Key header of the three money-moving billing-service POSTs (ARCHITECTURE
 * section 4): a repeated request answers from the first and moves nothing; the key is the
 * member's own; a key reused for another request, or malformed, is refused.
 */
import { randomUUID } from 'node:crypto';
import { and, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { Decimal } from '../../../common/money';
import { SERVER } from '../../../common/messages';
import { ledgerEntries, memberSubscriptions, withdrawals } from '../../db/schema';
import type { LedgerAsset, LedgerKind } from '../../modules/ledger/assets';
import { balancesOf } from '../../modules/ledger/balances';
import { post } from '../../modules/ledger/post';
import { addPlan } from '../../modules/subscriptions/plans';
import { grant } from '../../modules/subscriptions/subscriptions';
import { IDEMPOTENCY_KEY_MAX } from '../idempotency-key';
import { databaseTargets } from '../../testing/databases';
import { bearer, register, type Registered } from '../../testing/members';
import { createBillingServer, type BillingServer } from '../../testing/billing-server';

const targets = await databaseTargets();
const TO = '0x000000000000000000000000000000000000dEaD';

/** One money-moving endpoint: what a request of it debits, and two different bodies. */
interface Endpoint {
  name: string;
  url: string;
  kind: LedgerKind;
  asset: LedgerAsset;
  /** Credits `funded`, enough for a few operations. */
  fund(who: Registered): Promise<unknown>;
  funded: string;
  body: () => object;
  /** The same request written differently (amount 10.0 for 10, a lower-case address). */
  sameRequest: () => object;
  otherBody: () => object;
  /** The debited balance after exactly one operation. */
  afterOne: string;
}

describe.each(targets)('billing service: Idempotency-Key on $name', (target) => {
  let server: BillingServer;
  let sponsor: Registered;
  let planId: string;
  let otherPlanId: string;
  beforeAll(async () => {
    // A chain configured (never called: the payout worker is not running here).
    server = await createBillingServer(target, {
      BSC_RPC_URL: 'http://127.0.0.1:9',
      TOKEN_USDT: `0x${'1'.repeat(40)}`,
      HOT_WALLET_PRIVATE_KEY: `0x${'2'.repeat(64)}`,
    });
    sponsor = await register(server, { username: 'Sponsor' });
    await grant(server.database.db, sponsor.userId, 30, 'test'); // a sponsor must subscribe to refer
    planId = (await addPlan(server.database.db, '40', 30)).id;
    otherPlanId = (await addPlan(server.database.db, '40', 60)).id;
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const credit = (who: Registered, asset: LedgerAsset, amount: string) =>
    post(db(), {
      key: randomUUID(),
      kind: asset === 'USDT_REWARD' ? 'level_reward' : 'deposit',
      legs: [{ userId: who.userId, asset, amount }],
    });

  const endpoints: Endpoint[] = [
    {
      name: 'subscription purchase',
      url: '/subscription/create',
      kind: 'subscription',
      asset: 'USDT',
      fund: (who) => credit(who, 'USDT', '150'),
      funded: '150',
      afterOne: '110',
      body: () => ({ planId }),
      sameRequest: () => ({ planId: planId.toUpperCase() }),
      otherBody: () => ({ planId: otherPlanId }),
    },
    {
      name: 'withdrawal',
      url: '/withdraw/create',
      kind: 'withdrawal',
      asset: 'USDT_REWARD',
      fund: (who) => credit(who, 'USDT_REWARD', '50'),
      funded: '50',
      afterOne: '40',
      body: () => ({ amount: '10', toAddress: TO }),
      sameRequest: () => ({ toAddress: TO.toLowerCase(), amount: '10.00' }),
      otherBody: () => ({ amount: '10', toAddress: `0x${'be'.repeat(20)}` }),
    },
    {
      name: 'reward swap',
      url: '/swap/usdt-reward/create',
      kind: 'reward_swap',
      asset: 'USDT_REWARD',
      fund: (who) => credit(who, 'USDT_REWARD', '50'),
      funded: '50',
      afterOne: '40',
      body: () => ({ amount: '10' }),
      sameRequest: () => ({ amount: 10.0 }),
      otherBody: () => ({ amount: '11' }),
    },
  ];

  /** A member referred by the sponsor, so a purchase pays level rewards too. */
  const member = () => register(server, { username: 'Member', referralId: sponsor.userCode });

  const send = (who: Registered, url: string, payload: object, key?: string) =>
    server.app.inject({
      method: 'POST',
      url: `/account${url}`,
      payload,
      headers: { ...bearer(who.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    });

  /** How many operations of this kind the member has (a swap posts two legs under one key). */
  async function operations(who: Registered, kind: LedgerKind): Promise<number> {
    const [row] = await db()
      .select({ n: countDistinct(ledgerEntries.idempotencyKey) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, who.userId), eq(ledgerEntries.kind, kind)));
    return row!.n;
  }

  const balance = async (who: Registered, asset: LedgerAsset) => (await balancesOf(db(), who.userId))[asset];

  describe.each(endpoints)('$name', (endpoint) => {
    it('answers a repeated request from the first, the same record, and moves the balance once', async () => {
      const who = await member();
      await endpoint.fund(who);
      const rewardsBefore = await balance(sponsor, 'USDT_REWARD');
      const key = randomUUID();
      const first = await send(who, endpoint.url, endpoint.body(), key);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ code: BILLING_SUCCESS_CODE });
      const again = await send(who, endpoint.url, endpoint.body(), key);
      const rewritten = await send(who, endpoint.url, endpoint.sameRequest(), key);
      expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
      expect([rewritten.statusCode, rewritten.json()]).toEqual([200, first.json()]);
      expect(await balance(who, endpoint.asset)).toBe(endpoint.afterOne);
      expect(await operations(who, endpoint.kind)).toBe(1);
      if (endpoint.kind === 'subscription') {
        expect(await db().select().from(memberSubscriptions).where(eq(memberSubscriptions.userId, who.userId))).toHaveLength(1);
        // Level 1 earns 5 % of the 40 USDT plan once, not once per request.
        expect(await balance(sponsor, 'USDT_REWARD')).toBe(new Decimal(rewardsBefore).plus(2).toFixed());
      }
      if (endpoint.kind === 'withdrawal') {
        const rows = await db().select().from(withdrawals).where(eq(withdrawals.userId, who.userId));
        expect(rows.map((row) => row.id)).toEqual([first.json().data.id]);
      }
      // Without a key, or with a new one, the member asks for a new operation.
      expect((await send(who, endpoint.url, endpoint.body())).statusCode).toBe(200);
      expect((await send(who, endpoint.url, endpoint.body(), randomUUID())).statusCode).toBe(200);
      expect(await operations(who, endpoint.kind)).toBe(3);
    });

    it('refuses the key reused for another body or another endpoint, and moves nothing', async () => {
      const who = await member();
      await endpoint.fund(who);
      const key = randomUUID();
      expect((await send(who, endpoint.url, endpoint.body(), key)).statusCode).toBe(200);
      const other = await send(who, endpoint.url, endpoint.otherBody(), key);
      expect([other.statusCode, other.json()]).toEqual([
        409,
        expect.objectContaining({ code: '409', msg: SERVER.idempotencyKeyReused }),
      ]);
      const elsewhere = endpoints.find((e) => e !== endpoint)!;
      const crossed = await send(who, elsewhere.url, elsewhere.body(), key);
      expect([crossed.statusCode, crossed.json().msg]).toEqual([409, SERVER.idempotencyKeyReused]);
      expect(await balance(who, endpoint.asset)).toBe(endpoint.afterOne);
      expect(await operations(who, endpoint.kind)).toBe(1);
      expect(await operations(who, elsewhere.kind)).toBe(0);
    });

    it('runs 10 identical requests sent at once exactly once, all answered alike', async () => {
      const who = await member();
      await endpoint.fund(who);
      const key = randomUUID();
      const results = await Promise.all(Array.from({ length: 10 }, () => send(who, endpoint.url, endpoint.body(), key)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      for (const r of results) expect(r.json()).toEqual(results[0]!.json());
      expect(await balance(who, endpoint.asset)).toBe(endpoint.afterOne);
      expect(await operations(who, endpoint.kind)).toBe(1);
    });

    it("keeps each member's keys their own", async () => {
      const [alice, bob] = [await member(), await member()];
      await endpoint.fund(alice);
      await endpoint.fund(bob);
      const key = 'order-1';
      const forAlice = await send(alice, endpoint.url, endpoint.body(), key);
      const forBob = await send(bob, endpoint.url, endpoint.body(), key);
      expect([forAlice.statusCode, forBob.statusCode]).toEqual([200, 200]);
      if (endpoint.kind === 'withdrawal') expect(forBob.json().data.id).not.toBe(forAlice.json().data.id);
      // Carol's first use of the key, with another body, is no reuse of Alice's or Bob's.
      const carol = await member();
      await endpoint.fund(carol);
      expect((await send(carol, endpoint.url, endpoint.otherBody(), key)).statusCode).toBe(200);
      for (const who of [alice, bob]) {
        expect(await balance(who, endpoint.asset)).toBe(endpoint.afterOne);
        expect(await operations(who, endpoint.kind)).toBe(1);
      }
    });

    it('refuses a malformed key with a 400 and moves nothing; accepts one of the maximum length', async () => {
      const who = await member();
      await endpoint.fund(who);
      for (const key of ['', 'a'.repeat(IDEMPOTENCY_KEY_MAX + 1), 'two words', 'clé-1']) {
        const res = await send(who, endpoint.url, endpoint.body(), key);
        expect([res.statusCode, res.json()], JSON.stringify(key)).toEqual([
          400,
          expect.objectContaining({ code: '400', msg: SERVER.idempotencyKeyInvalid(IDEMPOTENCY_KEY_MAX) }),
        ]);
      }
      expect(await balance(who, endpoint.asset)).toBe(endpoint.funded);
      expect(await operations(who, endpoint.kind)).toBe(0);
      expect((await send(who, endpoint.url, endpoint.body(), 'k'.repeat(IDEMPOTENCY_KEY_MAX))).statusCode).toBe(200);
    });

    it('stores nothing for a refused request: the same key works once the balance allows it', async () => {
      const who = await member();
      const key = randomUUID();
      const refused = await send(who, endpoint.url, endpoint.body(), key);
      expect(refused.statusCode).toBe(400);
      await endpoint.fund(who);
      expect((await send(who, endpoint.url, endpoint.body(), key)).statusCode).toBe(200);
      expect(await operations(who, endpoint.kind)).toBe(1);
    });
  });
});
