/**
 * The wallet's lock, settling and reconciling against a fake member gateway, on PGlite and on
 * PostgreSQL (where the lock, a unique index over pending rows, meets real concurrency): every
 * exchange outcome can be staged, including the ones the simulator cannot produce (a 5xx for a
 * transfer that never happened, a history that lags, a PENDING transfer).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER, VALIDATION } from '../../../common/messages';
import { exchangeKeys, walletOperations } from '../../db/schema';
import { ExchangeError } from '../../exchange/errors';
import { CACHE_BUDGETS, type ExchangeInternals } from '../../exchange/exchange-factory';
import type { Balances, Market, MemberGateway, OrderState, TransferRecord } from '../../exchange/core/gateway';
import { MemberCache } from '../../exchange/core/member-cache';
import { BalanceFeeds } from '../../exchange/user-streams/balance-feeds';
import type { UserStreamPool } from '../../exchange/user-streams/stream-pool';
import { databaseTargets } from '../../testing/databases';
import { register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { sealSecret } from '../keys/crypto';
import { DomainError } from '../errors';
import type { WalletDeps } from './deps';
import { WALLET_MESSAGES } from './messages';
import { swapClientOrderId, transfer } from './operations';
import { settleOpenOperations } from './settle-open-operations';
import { claim, settle } from './records';

/** What one transfer call does on the fake exchange. */
type TransferMode = 'ok' | 'moved-then-5xx' | 'lost-then-5xx' | 'refused';

class FakeMember implements Partial<MemberGateway> {
  spot: Balances = { USDT: { free: '1000', total: '1000' } };
  mode: TransferMode = 'ok';
  history: TransferRecord[] = [];
  /** History reads that still see nothing (the exchange's lag). */
  lagReads = 0;
  historyReads = 0;
  orders = new Map<string, OrderState>();
  private nextId = 1;

  /** The exchange's clock: the test's, so moving time moves both sides. */
  constructor(readonly now: () => number) {}

  async balances(market: Market): Promise<Balances> {
    return market === 'spot' ? this.spot : {};
  }

  async transfer(asset: string, amount: string, from: Market, to: Market): Promise<{ id: string }> {
    if (this.mode === 'refused') throw new ExchangeError('rejected', 'Asset transfer failed: insufficient balance');
    if (this.mode === 'lost-then-5xx')
      throw new ExchangeError('unknown_outcome', 'Timeout waiting for response from backend server.');
    const id = `T${this.nextId++}`;
    this.history.unshift({ id, asset, amount, from, to, time: this.now(), status: 'confirmed' });
    if (this.mode === 'moved-then-5xx')
      throw new ExchangeError('unknown_outcome', 'Timeout waiting for response from backend server.');
    return { id };
  }

  async transferHistory(from: Market, to: Market, since: number): Promise<TransferRecord[]> {
    this.historyReads += 1;
    if (this.lagReads > 0) {
      this.lagReads -= 1;
      return [];
    }
    return this.history.filter((t) => t.from === from && t.to === to && t.time >= since);
  }

  async fetchOrder(_market: Market, _symbol: string, clientOrderId: string): Promise<OrderState | null> {
    return this.orders.get(clientOrderId) ?? null;
  }
}

function fakeExchange(member: FakeMember): ExchangeInternals {
  const spotBalances = new MemberCache<Balances>(CACHE_BUDGETS.spotBalances);
  const futuresBalances = new MemberCache<Balances>(CACHE_BUDGETS.futuresBalances);
  // Streams that never come up: every read takes the REST-cache path.
  const noStreams = { add: () => undefined, remove: () => undefined } as unknown as UserStreamPool<never>;
  return {
    gateway: { member: () => member as unknown as MemberGateway },
    balances: new BalanceFeeds(noStreams, noStreams, { spot: spotBalances, futures: futuresBalances }),
    spotBalances,
    futuresBalances,
    connection: new MemberCache(CACHE_BUDGETS.connection),
  } as unknown as ExchangeInternals;
}

const targets = await databaseTargets();
const MINUTE = 60_000;
const FAST = { lookup: { delayMs: 1 }, claim: { waitMs: 300 } };
const nap = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let server: TestServer;
let deps: WalletDeps;
let fake: FakeMember;
let alice: Registered;

async function withKey(member: Registered): Promise<void> {
  await server.database.db.insert(exchangeKeys).values({
    userId: member.userId,
    apiKey: `key-${member.userId}`,
    secretCiphertext: sealSecret(server.config.secretsKey, member.userId, 'secret'),
    keyVersion: 1,
    ipRestricted: true,
  });
}

async function rowsOf(member: Registered) {
  return server.database.db
    .select()
    .from(walletOperations)
    .where(eq(walletOperations.userId, member.userId))
    .orderBy(walletOperations.createdAt);
}

async function latest(member: Registered) {
  return (await rowsOf(member)).at(-1)!;
}

const body = (amount: string) => ({ from: 'spot' as const, to: 'futures' as const, coin: 'USDT' as const, amount });
const refusal = (run: Promise<unknown>) =>
  run.then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
      return { reason: error.reason, message: error.message };
    },
  );

describe.each(targets)('wallet operations on $name', (target) => {
  beforeAll(async () => {
    server = await createTestServer(target);
    fake = new FakeMember(() => server.clock().getTime());
    deps = { ...server.app.deps, exchange: fakeExchange(fake) };
  });
  afterAll(() => server?.close());

  beforeEach(async () => {
    fake.mode = 'ok';
    fake.lagReads = 0;
    alice = await register(server); // a fresh member: no rows, no lock
    await withKey(alice);
  });

  describe('transfer: lock, balance check and settling', () => {
    it('records an answered transfer as done with its tranId', async () => {
      expect(await transfer(deps, alice.userId, 'spot', 'futures', body('10'))).toEqual({ message: SERVER.transferSuccessful });
      expect(await latest(alice)).toMatchObject({
        status: 'done',
        exchangeRef: fake.history[0]!.id,
        kind: 'transfer',
        fromWallet: 'spot',
      });
    });

    it('settles a refused balance check as failed and frees the lock', async () => {
      expect(await refusal(transfer(deps, alice.userId, 'spot', 'futures', body('1000.01')))).toEqual({
        reason: 'wallet.insufficient_funds',
        message: VALIDATION.transferExceeds,
      });
      expect(await latest(alice)).toMatchObject({ status: 'failed', error: VALIDATION.transferExceeds, exchangeRef: null });
      expect((await transfer(deps, alice.userId, 'spot', 'futures', body('1'))).message).toBe(SERVER.transferSuccessful);
    });

    it('settles an exchange refusal as failed with its reason', async () => {
      fake.mode = 'refused';
      expect((await refusal(transfer(deps, alice.userId, 'spot', 'futures', body('5'))))?.message).toMatch(
        /insufficient balance/,
      );
      expect((await latest(alice)).status).toBe('failed');
    });

    it('answers a retried refusal with the same refusal, without asking the exchange again', async () => {
      const moved = fake.history.length;
      const refusedOnce = await refusal(transfer(deps, alice.userId, 'spot', 'futures', body('5000'), 'key-big', FAST));
      expect(refusedOnce).toEqual({ reason: 'wallet.insufficient_funds', message: VALIDATION.transferExceeds });
      fake.spot = { USDT: { free: '9000', total: '9000' } }; // even with the money there now, the retry is the same request
      expect(await refusal(transfer(deps, alice.userId, 'spot', 'futures', body('5000'), 'key-big', FAST))).toEqual(refusedOnce);
      expect(fake.history.length).toBe(moved);
    });

    it('tells a repeated idempotency key from a busy member', async () => {
      await transfer(deps, alice.userId, 'spot', 'futures', body('1'), 'key-1');
      const transfersBefore = fake.history.length;
      // The retry gets the first answer and moves nothing; the same key for another request is refused.
      expect((await transfer(deps, alice.userId, 'spot', 'futures', body('1'), 'key-1', FAST)).message).toBe(
        SERVER.transferSuccessful,
      );
      expect(fake.history.length).toBe(transfersBefore);
      expect(await refusal(transfer(deps, alice.userId, 'spot', 'futures', body('2'), 'key-1', FAST))).toEqual({
        reason: 'idempotency.key_reused',
        message: WALLET_MESSAGES.keyReused,
      });
      // Another process's operation of this member is in flight: its pending row is the lock.
      const held = await claim(deps, {
        userId: alice.userId,
        idempotencyKey: `${alice.userId}:elsewhere`,
        kind: 'transfer',
        asset: 'USDT',
        amount: '3',
      });
      const backoffs: number[] = [];
      const counted = { ...FAST, claim: { ...FAST.claim, sleep: (ms: number) => (backoffs.push(ms), nap(ms)) } };
      expect(await refusal(transfer(deps, alice.userId, 'spot', 'futures', body('1'), 'key-2', counted))).toEqual({
        reason: 'wallet.busy',
        message: WALLET_MESSAGES.busy,
      });
      expect(backoffs.length).toBeGreaterThan(0); // it tried again before giving up
      // A repeat is a repeat even while the member is busy: answered at once, without waiting.
      expect((await transfer(deps, alice.userId, 'spot', 'futures', body('1'), 'key-1', FAST)).message).toBe(
        SERVER.transferSuccessful,
      );
      await settle(deps, held, 'done', 'T-elsewhere', null);
      expect((await transfer(deps, alice.userId, 'spot', 'futures', body('1'), 'key-2')).message).toBe(SERVER.transferSuccessful);
    });

    it('waits for the other operation to settle and then goes ahead', async () => {
      const held = await claim(deps, {
        userId: alice.userId,
        idempotencyKey: `${alice.userId}:other`,
        kind: 'transfer',
        asset: 'USDT',
        amount: '3',
      });
      let blocked!: () => void;
      const refusedOnce = new Promise<void>((resolve) => (blocked = resolve));
      // The first backoff means its claim found the lock held; a wait longer than the test can only end by the lock being freed.
      const sleep = (ms: number) => (blocked(), nap(ms));
      const waiting = transfer(deps, alice.userId, 'spot', 'futures', body('2'), undefined, {
        claim: { waitMs: 3_600_000, sleep },
      });
      await Promise.race([refusedOnce, waiting]); // a transfer that ended without waiting fails here
      expect((await rowsOf(alice)).map((r) => [r.id, r.status])).toEqual([[held, 'pending']]);
      await settle(deps, held, 'failed', null, 'elsewhere');
      expect((await waiting).message).toBe(SERVER.transferSuccessful);
      expect((await rowsOf(alice)).find((r) => r.id !== held)?.status).toBe('done');
    });
  });

  describe('transfer: an unknown outcome resolved from the transfer history', () => {
    it('finds the transfer even when the history lags, and reports success', async () => {
      fake.mode = 'moved-then-5xx';
      fake.lagReads = 2;
      expect(await transfer(deps, alice.userId, 'spot', 'futures', body('7.5'), undefined, FAST)).toEqual({
        message: SERVER.transferSuccessful,
      });
      expect(await latest(alice)).toMatchObject({ status: 'done', exchangeRef: fake.history[0]!.id, error: null });
    });

    it('stays unknown when nothing unclaimed matches: an earlier identical transfer is not taken for it', async () => {
      await transfer(deps, alice.userId, 'spot', 'futures', body('42')); // done, owns its tranId
      fake.mode = 'lost-then-5xx';
      const reads = fake.historyReads;
      expect(await refusal(transfer(deps, alice.userId, 'spot', 'futures', body('42'), undefined, FAST))).toEqual({
        reason: 'wallet.unknown_outcome',
        message: WALLET_MESSAGES.unknownOutcome,
      });
      expect(fake.historyReads - reads).toBe(4); // looked a few times
      expect(await latest(alice)).toMatchObject({ status: 'unknown', exchangeRef: null });
    });
  });

  describe('settleOpenOperations with a fake exchange', () => {
    async function insert(member: Registered, values: Partial<typeof walletOperations.$inferInsert>) {
      const at = server.clock();
      const [row] = await server.database.db
        .insert(walletOperations)
        .values({
          userId: member.userId,
          idempotencyKey: `${member.userId}:${Math.random()}`,
          kind: 'transfer',
          asset: 'USDT',
          amount: '1',
          fromWallet: 'spot',
          toWallet: 'futures',
          status: 'unknown',
          createdAt: at,
          updatedAt: at,
          ...values,
        })
        .returning();
      return row!;
    }
    const statusOf = async (id: string) =>
      (await server.database.db.select().from(walletOperations).where(eq(walletOperations.id, id)))[0]!;

    it('settles swaps by their order: filled -> done, never placed -> failed once old enough', async () => {
      const filledId = randomUUID();
      const missingId = randomUUID();
      const filled = await insert(alice, {
        id: filledId,
        kind: 'swap',
        asset: 'BTC',
        amount: '0.001',
        fromWallet: null,
        toWallet: null,
        clientOrderId: swapClientOrderId(filledId),
      });
      const missing = await insert(alice, {
        id: missingId,
        kind: 'swap',
        asset: 'BTC',
        amount: '0.002',
        fromWallet: null,
        toWallet: null,
        clientOrderId: swapClientOrderId(missingId),
      });
      fake.orders.set(swapClientOrderId(filledId), {
        id: '777',
        clientOrderId: swapClientOrderId(filledId),
        symbol: 'BTCUSDT',
        side: 'sell',
        type: 'market',
        status: 'closed',
        price: null,
        quantity: '0.001',
        filled: '0.001',
        cost: '67',
      });
      await settleOpenOperations(deps);
      expect(await statusOf(filled.id)).toMatchObject({ status: 'done', exchangeRef: '777' });
      expect((await statusOf(missing.id)).status).toBe('unknown'); // young: the order may still show up
      server.clock.advance(6 * MINUTE);
      await settleOpenOperations(deps);
      expect(await statusOf(missing.id)).toMatchObject({ status: 'failed', error: WALLET_MESSAGES.orderNotFound });
    });

    it('turns a stale pending transfer into unknown (freeing the member), then failed after 10 minutes', async () => {
      const orphan = await insert(alice, { status: 'pending', amount: '9.99' });
      await settleOpenOperations(deps);
      expect((await statusOf(orphan.id)).status).toBe('pending'); // may still be in flight
      server.clock.advance(6 * MINUTE);
      await settleOpenOperations(deps);
      expect((await statusOf(orphan.id)).status).toBe('unknown');
      expect((await transfer(deps, alice.userId, 'spot', 'futures', body('1'))).message).toBe(SERVER.transferSuccessful);
      server.clock.advance(5 * MINUTE);
      await settleOpenOperations(deps);
      expect(await statusOf(orphan.id)).toMatchObject({ status: 'failed', error: WALLET_MESSAGES.notInHistory });
    });

    it('finds an unknown transfer in the history; a PENDING one keeps it open however old', async () => {
      const unknown = await insert(alice, { amount: '3.21' });
      fake.history.unshift({
        id: 'T-found',
        asset: 'USDT',
        amount: '3.21',
        from: 'spot',
        to: 'futures',
        time: fake.now(),
        status: 'confirmed',
      });
      const slow = await insert(alice, { amount: '4.56', fromWallet: 'futures', toWallet: 'spot' });
      fake.history.unshift({
        id: 'T-slow',
        asset: 'USDT',
        amount: '4.56',
        from: 'futures',
        to: 'spot',
        time: fake.now(),
        status: 'pending',
      });
      server.clock.advance(11 * MINUTE);
      await settleOpenOperations(deps);
      expect(await statusOf(unknown.id)).toMatchObject({ status: 'done', exchangeRef: 'T-found' });
      expect((await statusOf(slow.id)).status).toBe('unknown');
    });

    it('leaves members without keys alone, and unknown rows of a member with an operation in flight', async () => {
      const keyless = await register(server);
      const orphan = await insert(keyless, { amount: '1' });
      const bob = await register(server);
      await withKey(bob);
      const waiting = await insert(bob, { amount: '2' });
      await insert(bob, { status: 'pending', amount: '5' }); // in flight right now (young)
      server.clock.advance(11 * MINUTE);
      const warnings: string[] = [];
      const summary = await settleOpenOperations(deps, {
        staleAfterMs: 60 * MINUTE,
        log: { info: () => undefined, warn: (_o, m) => warnings.push(m), error: () => undefined },
      });
      expect(summary.skipped).toBe(1);
      expect(warnings.some((w) => w.includes(orphan.id) && w.includes('no exchange key'))).toBe(true);
      expect((await statusOf(orphan.id)).status).toBe('unknown');
      expect((await statusOf(waiting.id)).status).toBe('unknown');
    });
  });
});
