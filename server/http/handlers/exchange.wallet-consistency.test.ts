/**
 * Wallet money safety end to end (Fastify inject, the simulator, PGlite and PostgreSQL): a
 * transfer whose answer is lost is resolved from the transfer history; two API processes on one
 * database cannot both spend one balance; the reconciler settles what requests left open.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER, VALIDATION } from '../../../common/messages';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/database';
import { walletOperations } from '../../db/schema';
import { CcxtGateway } from '../../exchange/ccxt-gateway';
import { exchangeServices, type ExchangeInternals } from '../../exchange/exchange-factory';
import { WeightGovernor } from '../../exchange/core/weight-governor';
import { MemoryMailer } from '../../mail/mailer';
import { WALLET_MESSAGES } from '../../modules/wallet/messages';
import { swapClientOrderId } from '../../modules/wallet/operations';
import { settleOpenOperations } from '../../modules/wallet/settle-open-operations';
import { databaseTargets } from '../../testing/databases';
import { bearer, register, type Registered } from '../../testing/members';
import { createSimulatedServer, type SimulatedServer } from '../../testing/simulated-server';

const targets = await databaseTargets();
const MINUTE = 60_000;

describe.each(targets)('wallet consistency on $name', (target) => {
  let server: SimulatedServer;
  beforeAll(async () => {
    server = await createSimulatedServer(target);
  });
  afterAll(() => server?.close());

  /** A member bound to a fresh simulator account. */
  async function member(balances: Record<string, string>): Promise<Registered & { apiKey: string; secretKey: string }> {
    const registered = await register(server);
    const key = server.exchange.simulator.control.createAccount({ balances });
    const saved = await server.app.inject({
      method: 'POST',
      url: '/api/apikeys',
      payload: key,
      headers: bearer(registered.token),
    });
    expect(saved.statusCode).toBe(200);
    return { ...registered, ...key };
  }
  const transferOn = (app: FastifyInstance, who: Registered, amount: string) =>
    app.inject({
      method: 'POST',
      url: '/api/transferspottofutures',
      payload: { from: 'spot', to: 'futures', coin: 'USDT', amount },
      headers: bearer(who.token),
    });
  const simTransfers = (apiKey: string) => server.exchange.simulator.core.accounts.get(apiKey)!.transfers;
  const rowsOf = (who: Registered) =>
    server.database.db.select().from(walletOperations).where(eq(walletOperations.userId, who.userId));

  it('resolves a transfer answered with a 5xx after it moved the money: success, one transfer, record done', async () => {
    const alice = await member({ USDT: '500' });
    server.exchange.simulator.control.setFaults({ failAfterAccept: 1 });
    let res;
    try {
      res = await transferOn(server.app, alice, '100');
    } finally {
      server.exchange.simulator.control.clearFaults();
    }
    expect([res.statusCode, res.json()]).toEqual([200, { message: SERVER.transferSuccessful }]);
    const moved = simTransfers(alice.apiKey);
    expect(moved).toHaveLength(1); // looked up, never sent twice
    expect(moved[0]!.amount.toFixed()).toBe('100');
    expect(await rowsOf(alice)).toMatchObject([{ status: 'done', exchangeRef: String(moved[0]!.tranId), error: null }]);
    expect(server.exchange.simulator.control.getAccount(alice.apiKey)!.balances.USDT!.free).toBe('400.00000000');
  });

  it('lets only one of two API processes spend the same balance', async () => {
    // Two processes: each its own pool, exchange client, balance cache and in-process queue, one
    // PostgreSQL. PGlite is embedded and single-process (one connection, one owner of its data
    // directory), so a second process cannot open it: there the second app shares the first's
    // database handle, and with it the in-process queue.
    const governor = new WeightGovernor();
    const otherExchange = exchangeServices(
      new CcxtGateway({
        simUrl: server.exchange.simulator.url,
        governor,
        retry: { baseMs: 20, maxMs: 100 },
        member: { lookupDelayMs: 50 },
      }),
      governor,
    );
    const database = target.name === 'postgres' ? await openDatabase(server.config) : null;
    const second: { app: FastifyInstance; exchange: ExchangeInternals; database: Database | null } = {
      exchange: otherExchange,
      database,
      app: await buildApp({
        config: server.config,
        db: database?.db ?? server.database.db,
        mailer: new MemoryMailer(),
        clock: server.clock,
        exchange: otherExchange,
      }),
    };
    try {
      const carol = await member({ USDT: '1000' });
      // Slow exchange answers: without the database lock both balance checks would read 1000.
      server.exchange.simulator.control.setFaults({ latencyMs: 150 });
      const answers = await Promise.all([transferOn(server.app, carol, '600'), transferOn(second.app, carol, '600')]);
      server.exchange.simulator.control.clearFaults();
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      const loser = answers.find((a) => a.statusCode === 400)!;
      expect(loser.json()).toEqual({ message: VALIDATION.transferExceeds, reason: 'wallet.insufficient_funds' }); // our check, not the exchange's refusal
      expect(simTransfers(carol.apiKey)).toHaveLength(1);
      const rows = await rowsOf(carol);
      expect(rows.map((r) => r.status).sort()).toEqual(['done', 'failed']);
      expect(rows.find((r) => r.status === 'failed')!.error).toBe(VALIDATION.transferExceeds);
      expect(rows.find((r) => r.status === 'done')!.exchangeRef).toBe(String(simTransfers(carol.apiKey)[0]!.tranId));
    } finally {
      server.exchange.simulator.control.clearFaults();
      await second.app.close();
      await second.exchange.close();
      await second.database?.close();
    }
  });

  // Moves the server's clock: keep it last.
  it('reconciles: a pending swap whose order exists settles done; an unknown transfer with no history fails only when old', async () => {
    const dave = await member({ USDT: '100', BTC: '0.01' });
    const swapId = randomUUID();
    const order = await server.exchange.gateway.member(dave).convertToUsdt('BTC', '0.001', swapClientOrderId(swapId));
    const at = server.clock();
    const common = { userId: dave.userId, createdAt: at, updatedAt: at };
    await server.database.db.insert(walletOperations).values({
      ...common,
      id: swapId,
      idempotencyKey: `${dave.userId}:swap`,
      kind: 'swap',
      asset: 'BTC',
      amount: '0.001',
      clientOrderId: swapClientOrderId(swapId),
      status: 'pending',
    });
    const statusOf = async (id: string) =>
      (await server.database.db.select().from(walletOperations).where(eq(walletOperations.id, id)))[0]!;

    await settleOpenOperations(server.app.deps);
    expect((await statusOf(swapId)).status).toBe('pending'); // young: its request may still be running
    server.clock.advance(6 * MINUTE); // the process that sent it is gone
    await settleOpenOperations(server.app.deps);
    expect(await statusOf(swapId)).toMatchObject({ status: 'done', exchangeRef: order.id });

    const now = server.clock();
    const [lost] = await server.database.db
      .insert(walletOperations)
      .values({
        ...common,
        createdAt: now,
        updatedAt: now,
        idempotencyKey: `${dave.userId}:lost`,
        kind: 'transfer',
        asset: 'USDT',
        amount: '12.34',
        fromWallet: 'spot',
        toWallet: 'futures',
        status: 'unknown',
        error: 'Timeout waiting for response from backend server.',
      })
      .returning();
    await settleOpenOperations(server.app.deps);
    expect((await statusOf(lost!.id)).status).toBe('unknown'); // the history may lag
    server.clock.advance(9 * MINUTE);
    await settleOpenOperations(server.app.deps);
    expect((await statusOf(lost!.id)).status).toBe('unknown');
    server.clock.advance(2 * MINUTE);
    await settleOpenOperations(server.app.deps);
    expect(await statusOf(lost!.id)).toMatchObject({ status: 'failed', error: WALLET_MESSAGES.notInHistory });
    expect(simTransfers(dave.apiKey)).toHaveLength(0);
  });
});
