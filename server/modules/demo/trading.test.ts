import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bots, cycles, exchangeKeys } from '../../db/schema';
import { Engine } from '../../engine/engine';
import { enginePorts } from '../../engine-ports';
import { SILENT } from '../../engine/testing/harness';
import { testExchange } from '../../exchange/testing/exchange';
import { databaseTargets } from '../../testing/databases';
import { createTestServer, type TestServer } from '../../testing/server';
import { findUserByEmail } from '../accounts/users';
import { DEMO_CYCLE } from './cycle';
import { DEMO_MEMBER, seedDemo } from './seed';
import { DEMO_TRADING, seedDemoTrading } from './trading';

const [pglite] = await databaseTargets();

describe('the demo member on a first start in simulator mode', () => {
  let server: TestServer;
  let exchange: Awaited<ReturnType<typeof testExchange>>;
  beforeAll(async () => {
    exchange = await testExchange({ arrayFlushMs: 20 });
    server = await createTestServer(pglite!, {}, { exchange });
  });
  afterAll(async () => {
    await server?.close();
    await exchange?.close();
  });

  it('gets simulator keys with 10,000 USDT, one bot on the default system strategy, which the engine runs, and one live cycle', async () => {
    await seedDemo(server.database.db, server.config.argon2);
    const botId = await seedDemoTrading({ config: server.config, db: server.database.db, exchange });
    expect(botId).not.toBeNull();
    const user = (await findUserByEmail(server.database.db, DEMO_MEMBER.email))!;
    const [key] = await server.database.db.select().from(exchangeKeys).where(eq(exchangeKeys.userId, user.id));
    expect(Number(exchange.simulator.control.getAccount(key!.apiKey)!.balances.USDT!.free)).toBe(Number(DEMO_TRADING.usdt));
    const [bot] = await server.database.db.select().from(bots).where(eq(bots.id, botId!));
    expect(bot).toMatchObject({ status: 'Live', symbol: 'BTCUSDT', strategyName: 'System Strategy', totalGrid: 10 });
    // And one live cycle on another pair, its buy and sell either side of the live price.
    const [cycle, ...more] = await server.database.db.select().from(cycles).where(eq(cycles.userId, user.id));
    expect(more).toEqual([]);
    expect(cycle).toMatchObject({
      status: 'Live',
      symbol: DEMO_CYCLE.pair,
      category: 'Spot',
      leverage: null,
      noOfCycle: DEMO_CYCLE.count,
    });
    const live = Number(await exchange.marketData.lastPrice(DEMO_CYCLE.pair));
    expect([
      Number(cycle!.stopLoss) < Number(cycle!.buyPrice),
      Number(cycle!.buyPrice) <= live,
      live <= Number(cycle!.sellPrice),
    ]).toEqual([true, true, true]);
    const engine = new Engine({
      db: server.database.db,
      config: server.config,
      exchange,
      ...enginePorts(server.app.deps),
      log: SILENT,
      claimEveryMs: 100,
    });
    engine.start();
    try {
      await engine.claim();
      await engine.idle();
      expect(exchange.simulator.control.getAccount(key!.apiKey)!.trades).toHaveLength(1); // grid 1 at market
    } finally {
      await engine.stop();
    }
  });

  it('does nothing on a real exchange', async () => {
    const config = { ...server.config, exchange: 'binance' as const };
    expect(await seedDemoTrading({ config, db: server.database.db, exchange })).toBeNull();
  });

  it('does nothing with DEMO_TRADING=false', async () => {
    const config = { ...server.config, demoTrading: false };
    expect(await seedDemoTrading({ config, db: server.database.db, exchange })).toBeNull();
  });
});
