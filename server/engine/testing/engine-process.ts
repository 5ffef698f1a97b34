/**
 * One engine process of its own, for the kill -9 tests (engine.kill9.test.ts for bots,
 * engine.cycles-kill9.test.ts for cycles): the test SIGKILLs it at seeded instants and starts
 * another. Only the engine role runs here: it claims runnables from DATABASE_URL and trades on the
 * simulator at SIM_URL, exactly as the `engine` role does (server/start.ts), with test cadences
 * (LEASE_MS, default 1500). ENGINE_RUNS says what it runs: `bots` (the default), `cycles`, or
 * `bots,cycles` (both engines on one metrics registry, as start.ts composes them). It serves its
 * settled price gauge on an ephemeral loopback port and prints `{"port":N,"engineId":"..."}` on
 * stdout once it runs:
 *   GET /settled?symbol=SOLUSDT -> {"settled":"145.00"|null,"runnables":1}
 * (`runnables`: how many bots and cycles its engines run now).
 *
 *   node --import tsx server/engine/testing/engine-process.ts
 */
import { createServer } from 'node:http';
import { loadConfig } from '../../config/config';
import { openDatabase } from '../../db/database';
import { CcxtGateway } from '../../exchange/ccxt-gateway';
import { enginePorts, isRunnableKindName, RUNNABLE_KIND_NAMES } from '../../engine-ports';
import { exchangeServices } from '../../exchange/exchange-factory';
import { WeightGovernor } from '../../exchange/core/weight-governor';
import type { Log } from '../../logging/log';
import { startEngine } from '../engine';
import { EngineMetrics } from '../metrics';

const config = loadConfig(process.env);
if (!config.databaseUrl) throw new Error('engine-process needs DATABASE_URL (PostgreSQL: processes share runnables through it)');
if (!config.simUrl) throw new Error("engine-process needs SIM_URL (the test's simulator)");

const asked = (process.env.ENGINE_RUNS || 'bots').split(',').map((kind) => kind.trim());
for (const kind of asked)
  if (!isRunnableKindName(kind)) throw new Error(`ENGINE_RUNS: unknown kind '${kind}' (${RUNNABLE_KIND_NAMES.join(', ')})`);
const runs = RUNNABLE_KIND_NAMES.filter((kind) => asked.includes(kind));

const number = (name: string, fallback: number): number => {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : Number(raw);
};

const verbose = Boolean(process.env.ENGINE_TEST_LOG);
const line = (level: string) => (o: object, m: string) => {
  if (verbose)
    process.stderr.write(
      `${new Date().toISOString()} [${config.engineId ?? process.pid}] ${level} ${m} ${JSON.stringify(o, (_k, v: unknown) => (v instanceof Error ? v.message : v))}\n`,
    );
};
const log: Log = { info: line('info'), warn: line('warn'), error: line('error') };

const database = await openDatabase(config);
const governor = new WeightGovernor({ limits: config.exchangeWeight });
// The test exchange's tuning (server/exchange/testing/exchange.ts), against the test's simulator.
const gateway = new CcxtGateway({
  simUrl: config.simUrl,
  governor,
  retry: { baseMs: 20, maxMs: 100 },
  member: { lookupDelayMs: 50 },
});
const exchange = exchangeServices(gateway, governor, { simUrl: config.simUrl, tickerPollMs: 100 });
// One registry for the engines of the process, as start.ts has it: the gauge is the last price all of them acted on.
const metrics = new EngineMetrics();
const portDeps = { db: database.db, config, notifications: database.notifications };
const engines = runs.map((kind) =>
  startEngine({
    db: database.db,
    config,
    exchange,
    ...enginePorts(portDeps, kind),
    log,
    metrics,
    leaseMs: number('LEASE_MS', 1_500),
    claimEveryMs: number('CLAIM_EVERY_MS', 100),
    commandEveryMs: 50,
    unknownRetryMs: 300,
    cooldownMs: 1_000,
  }),
);

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname === '/settled') {
    const symbol = url.searchParams.get('symbol') ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ settled: metrics.settledPrice(symbol), runnables: engines.reduce((n, e) => n + e.size, 0) }));
    return;
  }
  res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, engineId: engines[0]!.id })}\n`);
});

// A graceful end when asked (the tests kill with SIGKILL; this is for a clean shutdown only).
process.once('SIGTERM', () => {
  void (async () => {
    server.close();
    for (const engine of engines) await engine.stop().catch(() => undefined);
    await exchange.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  })();
});
