/**
 * Graceful handover for real: two platform servers (`server/main.ts`, ROLES=engine, as `npm run
 * server` runs them) share the bots through PostgreSQL leases. The one holding them gets SIGTERM
 * at the instant the exchange accepts one of its orders: it waits for that order's answer and
 * records the fill, releases its leases, exits 0, and the other server holds every bot within 2 s
 * of that exit (it is told at once: leases.ts announceReleased; its own lease would otherwise run
 * DEFAULT_LEASE_MS). It then trades on: every bot made exactly the backtester's trades, one
 * exchange order per filled order, none sent twice, none lost.
 *
 * PostgreSQL only (PGlite cannot be shared between processes): vitest.config.ts leaves
 * `*.postgres.test.ts` out without TEST_DATABASE_URL; with it set and broken, this fails.
 */
import { asc, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { bots, botOrders } from '../db/schema';
import { TEST_ENV } from '../testing/server';
import { startEntry, type EntryRun, type RunningEntry } from '../testing/entry-process';
import { postgresTargets, sleep } from './testing/engine-process-client';
import { endKillRun, startKillRun, type KillRun } from './testing/kill-run';
import { TRAILING_BUYS_THEN_TAKE_PROFITS, until } from './testing/harness';

const SYMBOL = 'SOLUSDT';
const BOTS = 3;
/**
 * The start, then the kill -9 test's path up to grid 1 bought again at 145.00 (tick 13): trailing
 * buys, take profits, the grid again.
 */
const PRICES = TRAILING_BUYS_THEN_TAKE_PROFITS.slice(0, 14);
/** The exchange answers this late while the first engine stops: its order is in flight when SIGTERM comes. */
const SLOW_EXCHANGE_MS = 1_000;

const targets = await postgresTargets('engine.sigterm.postgres.test.ts');

interface Server {
  entry: RunningEntry;
  url: string;
  engineId: string;
}

async function startServer(run: KillRun, engineId: string): Promise<Server> {
  const env: Record<string, string> = {
    JWT_SECRET: TEST_ENV.JWT_SECRET!,
    SECRETS_KEY: TEST_ENV.SECRETS_KEY!,
    ARGON2_MEMORY_KIB: '64',
    ARGON2_TIME_COST: '1',
    DATABASE_URL: run.databaseUrl,
    EXCHANGE: 'sim',
    SIM_URL: run.harness.exchange.simulator.url,
    ROLES: 'engine',
    ENGINE_ID: engineId,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: run.harness.server.config.dataDir,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    DEMO_TRADING: 'false',
  };
  const entry = await startEntry('server/main.ts', [], env, /platform server listening on/);
  const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(entry.stdout())?.[1];
  if (!url) throw new Error(`no url in ${entry.stdout()}`);
  return { entry, url, engineId };
}

/** The server's settled price of SYMBOL (its /metrics gauge; loopback needs no token). */
async function settled(server: Server): Promise<Decimal | null> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const value = new RegExp(`^griddesk_engine_price\\{symbol="${SYMBOL}"\\} (\\S+)$`, 'm').exec(text)?.[1];
  return value === undefined ? null : new Decimal(value);
}

async function waitSettled(server: Server, price: string): Promise<void> {
  await until(async () => (await settled(server).catch(() => null))?.eq(price) ?? false, 20_000);
}

describe.each(targets)('SIGTERM hands the bots over on $name', (target) => {
  let run: KillRun | undefined;
  const servers: Server[] = [];

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.entry.stop().catch(() => undefined);
    await endKillRun(run);
    run = undefined;
  });

  it(
    'finishes the order in flight, releases the leases, exits 0, and the other engine holds every bot within 2 s',
    { timeout: 120_000 },
    async () => {
      run = await startKillRun(target);
      const { harness, account, onNextAccept } = run;
      const sim = harness.exchange.simulator;
      sim.control.setPrice(SYMBOL, PRICES[0]!);
      const botIds: string[] = [];
      for (let i = 0; i < BOTS; i++) botIds.push(await harness.startBot());
      const leaseOwners = async () =>
        (await harness.db.select({ owner: bots.leaseOwner }).from(bots).where(inArray(bots.id, botIds))).map((r) => r.owner);
      const orders = () =>
        harness.db.select().from(botOrders).where(inArray(botOrders.runnableId, botIds)).orderBy(asc(botOrders.createdAt));

      const first = await startServer(run, 'handover-first');
      servers.push(first);
      await until(async () => (await leaseOwners()).every((o) => o === first.engineId), 20_000);
      await waitSettled(first, PRICES[0]!);
      const second = await startServer(run, 'handover-second');
      servers.push(second);

      // SIGTERM inside the exchange, as it accepts the first engine's next order; its answer takes SLOW_EXCHANGE_MS.
      sim.control.setFaults({ latencyMs: SLOW_EXCHANGE_MS });
      let stopped: Promise<EntryRun> | null = null;
      let acceptedBeforeTerm = '';
      onNextAccept(() => {
        acceptedBeforeTerm = [...account.orders.values()].at(-1)?.clientOrderId ?? '';
        stopped = first.entry.stop();
      });
      let tick = 1;
      for (; tick < PRICES.length && !stopped; tick++) {
        sim.control.setPrice(SYMBOL, PRICES[tick]!);
        await until(
          async () => stopped !== null || ((await settled(first).catch(() => null))?.eq(PRICES[tick]!) ?? false),
          20_000,
        );
      }
      expect(stopped).not.toBeNull();
      onNextAccept(null);
      const exit = await stopped!;
      const exitedAt = Date.now();
      servers.splice(servers.indexOf(first), 1);
      expect(exit.code, exit.stdout + exit.stderr).toBe(0);
      expect(exit.stdout).toContain('SIGTERM received, shutting down');
      expect(exit.stdout).not.toContain('still pending');

      // The first engine recorded its order's fill before it exited: the second could not have looked it up yet (the exchange still answers slowly).
      const atExit = await orders();
      expect(atExit.find((o) => o.clientOrderId === acceptedBeforeTerm)?.status).toBe('filled');
      expect(atExit.filter((o) => o.status === 'intent' || o.status === 'unknown')).toEqual([]);

      // The other engine holds every bot within 2 s of the exit (a deadline, not a measurement).
      while (!(await leaseOwners()).every((o) => o === second.engineId)) {
        if (Date.now() - exitedAt > 2_000)
          throw new Error(`leases 2 s after the first engine exited: ${JSON.stringify(await leaseOwners())}`);
        await sleep(20);
      }

      // It trades on from where the first one stopped.
      sim.control.setFaults({ latencyMs: 0 });
      const walked = PRICES.slice(0, tick);
      await waitSettled(second, walked.at(-1)!);
      for (const price of PRICES.slice(tick)) {
        sim.control.setPrice(SYMBOL, price);
        await waitSettled(second, price);
        walked.push(price);
      }
      const rows = await orders();
      expect(rows.filter((r) => r.status !== 'filled')).toEqual([]);
      for (const botId of botIds) expect(await harness.trades(botId)).toEqual(await harness.backtest(botId, walked));
      // One exchange order per filled order, under its own client order id: none sent twice, none lost.
      const exchangeIds = [...account.orders.values()]
        .filter((o) => o.market === 'spot')
        .map((o) => o.clientOrderId)
        .sort();
      expect(exchangeIds).toEqual(rows.map((r) => r.clientOrderId).sort());
    },
  );
});
