/**
 * Starts the platform server: config, database (migrated), mailer, app, listen. The process
 * entry (main.ts), the Electron main process, the browser-preview host and the e2e tests all
 * call `startPlatformServer`, so its contract stays exactly as it is.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config, type Env } from './config/config';
import { lockEmbeddedDatabase, openDatabase, type Database } from './db/database';
import { NO_TEMPLATE, TEMPLATE_FILE } from './db/pglite-template';
import { createExchange } from './exchange/exchange-factory';
import type { ExchangeServices } from './exchange/services';
import { createMailer } from './mail/index';
import { systemClock } from './modules/clock';
import { seedDemoOnFirstStart } from './modules/demo/first-start';
import { DEMO_MEMBER } from './modules/demo/seed';
import { seedDemoTrading } from './modules/demo/trading';
import { resealLegacySecrets } from './modules/keys/reseal-legacy';
import { startSettleTimer } from './modules/wallet/settle-timer';
import { startEngine, type Engine } from './engine/engine';
import { enginePorts, RUNNABLE_KIND_NAMES, type RunnableKindName } from './engine-ports';
import { startChainService } from './chain/service';
import { EngineMetrics } from './engine/metrics';
import { readBacklog, registerPlatformMetrics } from './platform-metrics';
import { bootPhases, bootPhasesLine } from './logging/boot-phases';
import { Shutdown, type ShutdownStep } from './shutdown';

export interface StartOptions {
  env?: Env;
  config?: Config;
  logger?: boolean | object;
  /** 'quiet': requests at debug, failed and slow ones at warn (http/plugins/request-log.ts). */
  requestLog?: 'info' | 'quiet';
  /**
   * The PGlite template archive for a first boot (server/db/pglite-template.ts). Default: the
   * one build-node.mjs writes beside the bundle; from source there is none, so initdb runs.
   * `false` always runs initdb.
   */
  pgliteTemplate?: string | false;
}

export interface PlatformServer {
  url: string;
  port: number;
  app: FastifyInstance;
  config: Config;
  /** The trading engines, one per kind of runnable (engine-ports.ts), when this process has the `engine` role. */
  engines: ReadonlyMap<RunnableKindName, Engine>;
  /** The graceful shutdown (shutdown.ts): work stopped and finished, leases released, database closed. */
  close(): Promise<void>;
  /** What a close still waits for (main.ts logs it when SHUTDOWN_DEADLINE_MS runs out). */
  closePending(): string[];
}

function urlFor(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

export async function startPlatformServer(options: StartOptions = {}): Promise<PlatformServer> {
  const entered = performance.now();
  const config = options.config ?? loadConfig(options.env ?? process.env);
  // Loading the HTTP stack overlaps with PGlite compiling its wasm in the background.
  const appModule = import('./app');
  appModule.catch(() => undefined); // awaited below; this only keeps an early failure handled
  const templateFile =
    options.pgliteTemplate ?? fileURLToPath(new URL(`./${TEMPLATE_FILE}`, import.meta.url));
  // One process on an embedded database: refused here, before the simulator touches DATA_DIR.
  const lock = await lockEmbeddedDatabase(config, { holder: 'server' });
  // The exchange (ccxt, in-process simulator) starts while PGlite opens.
  const exchangeStart = createExchange(config);
  exchangeStart.catch(() => undefined); // awaited below; this only keeps an early failure handled
  let database: Database;
  try {
    database = await openDatabase(config, {
      ...(templateFile ? { pgliteTemplateFile: templateFile } : {}),
      ...(lock ? { lock } : {}),
      migrations: config.migrationsOnBoot,
    });
  } catch (error) {
    await exchangeStart.then((e) => e.close(), () => undefined);
    throw error;
  }
  const databaseReady = performance.now();
  let app: FastifyInstance | undefined;
  let exchange: ExchangeServices | undefined;
  let seeding: Promise<boolean> | undefined;
  try {
    // The seed's argon2 hash runs on libuv's pool while the app's plugins register.
    // Embedded database, no members yet and simulator mode only (never EXCHANGE=binance).
    seeding = seedDemoOnFirstStart(database.db, config);
    seeding.catch(() => undefined); // awaited below; this only keeps an early failure handled
    const log: { line: (l: string) => void } = { line: () => undefined };
    const mailer = createMailer(config, (line) => log.line(line));
    const { buildApp } = await appModule;
    exchange = await exchangeStart;
    const metrics = new EngineMetrics();
    // The price feed's state and the platform-wide backlog, for the production alerts (deploy/prometheus).
    const { marketData } = exchange;
    registerPlatformMetrics(metrics.registry, { feed: () => marketData.feedStats(), backlog: () => readBacklog(database.db) });
    app = await buildApp(
      { config, db: database.db, mailer, clock: systemClock, exchange, metrics: metrics.registry, notifications: database.notifications },
      { logger: options.logger ?? false, requestLog: options.requestLog },
    );
    const appBuilt = performance.now();
    const seeded = await seeding;
    const logger = app.log;
    log.line = (line) => logger.info(line);
    const init = database.pgliteInit;
    if (init && init.from !== 'existing') {
      app.log.info(`new PGlite database from ${init.from === 'template' ? 'the bundled template' : 'initdb'}`);
      // Only a template that exists but does not fit is worth a warning.
      if (init.note && init.note !== NO_TEMPLATE) app.log.warn(`PGlite ${init.note}`);
    }
    // No command named: this line is also in the desktop's log and a production server's, where
    // `npm run seed:demo` (a development tool, not built into dist/) does not run.
    if (seeded) app.log.info(`seeded the demo member ${DEMO_MEMBER.email} (simulator mode only; its password is in the README's First steps as a member)`);
    // Exchange secrets an earlier version sealed straight under SECRETS_KEY: re-sealed once.
    const resealed = await resealLegacySecrets(database.db, config.secretsKey);
    if (resealed.resealed > 0) app.log.info(`re-sealed ${resealed.resealed} exchange secret(s) under the derived sealing key`);
    if (resealed.unreadable.length > 0) {
      app.log.warn(`${resealed.unreadable.length} stored exchange secret(s) do not open under SECRETS_KEY (members ${resealed.unreadable.join(', ')}); rotate-secrets-key with the key they were sealed with, or those members connect their API keys again`);
    }
    if (seeded && exchange.simulator) {
      // Only a first start gets keys and a bot: the in-process simulator keeps its accounts in
      // DATA_DIR/simulator-state.json, so these keys keep working on later starts.
      const startedExchange = exchange;
      await seedDemoTrading({ config, db: database.db, exchange: startedExchange })
        .then((botId) => botId && app!.log.info(`the demo member trades on the simulator (bot ${botId})`))
        .catch((error: unknown) => app!.log.warn({ err: error }, 'could not start the demo bot'));
    }
    await app.listen({ host: config.host, port: config.port });
    const listening = performance.now();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const started = app;
    const startedExchange = exchange;
    if (exchange.simulator) app.log.info(`exchange simulator on ${exchange.simulator.url}`);
    // Wallet operations a dead process or a silent exchange left open; API processes make them.
    const reconciler = config.roles.includes('api')
      ? startSettleTimer({ config, db: database.db, clock: systemClock, exchange }, { log: app.log })
      : null;
    // One engine per kind of runnable (bots, cycles) runs every live one of its kind; several
    // processes share them through leases. All run on the same price feed and metrics (the price
    // gauge is the last price the engines acted on: engine/metrics.ts).
    const portDeps = { db: database.db, config, notifications: database.notifications };
    const engineOf = (kind: RunnableKindName) => startEngine({ db: database.db, config, exchange: startedExchange, ...enginePorts(portDeps, kind), log: started.log, metrics });
    const engines = new Map<RunnableKindName, Engine>(config.roles.includes('engine') ? RUNNABLE_KIND_NAMES.map((kind) => [kind, engineOf(kind)]) : []);
    // BEP-20 deposits (and payouts); idle, saying why once, without BSC_RPC_URL and friends.
    const chain = config.roles.includes('chain')
      ? await startChainService({ config, db: database.db, notifications: database.notifications, log: app.log })
      : null;
    const phases = bootPhases({ entered, database: databaseReady, app: appBuilt, listening, ready: performance.now() });
    app.log.info({ bootMs: phases }, bootPhasesLine(phases));
    const engineSteps: ShutdownStep[] = [...engines].map(([kind, e]) => ({
      name: `${kind} engine`,
      run: () => e.stop(),
      detail: () => (e.sendsInFlight > 0 ? `${e.sendsInFlight} order send(s) in flight` : null),
    }));
    const shutdown = new Shutdown([
      [
        { name: 'http server (in-flight requests)', run: () => started.close() },
        ...engineSteps,
        ...(chain ? [{ name: 'chain service', run: () => chain.stop() }] : []),
        ...(reconciler ? [{ name: 'wallet reconciler', run: () => reconciler.stop() }] : []),
      ],
      [
        { name: 'exchange connections', run: () => startedExchange.close() },
        { name: 'mailer', run: async () => mailer.close?.() },
      ],
      [{ name: 'database', run: () => database.close() }],
    ]);
    return {
      url: urlFor(config.host, port),
      port,
      app: started,
      config,
      engines,
      close: () => shutdown.run(),
      closePending: () => shutdown.pending(),
    };
  } catch (error) {
    await seeding?.catch(() => undefined); // never close the database under a running seed
    await app?.close().catch(() => undefined);
    await exchangeStart.then((e) => e.close(), () => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
