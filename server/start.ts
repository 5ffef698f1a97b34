/**
 * Starts the platform server: config, database (migrated), mailer, app, the data's first-start
 * chores (start-data.ts), listen, then the workers of its roles (start-workers.ts). The process
 * entry (main.ts), the Electron main process, the browser-preview host and the e2e tests all
 * call `startPlatformServer`, so its contract stays exactly as it is.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config, type Env } from './config/config';
import { lockEmbeddedDatabase, openDatabase, type Database } from './db/database';
import { TEMPLATE_FILE } from './db/pglite-template';
import { createExchange } from './exchange/exchange-factory';
import type { ExchangeServices } from './exchange/services';
import { createMailer } from './mail/index';
import type { Mailer } from './mail/mailer';
import type * as AppModule from './app';
import { systemClock } from './modules/clock';
import { seedDemoOnFirstStart } from './modules/demo/first-start';
import type { Engine } from './engine/engine';
import type { RunnableKindName } from './engine-ports';
import { EngineMetrics } from './engine/metrics';
import { readBacklog, registerPlatformMetrics } from './platform-metrics';
import { bootPhases, bootPhasesLine } from './logging/boot-phases';
import { prepareData } from './start-data';
import { shutdownOf, startWorkers } from './start-workers';

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

/** The database, opened (and migrated) while the app's modules and the exchange load; closes the exchange if it fails. */
async function openPlatformDatabase(
  config: Config,
  options: StartOptions,
  exchangeStart: Promise<ExchangeServices>,
): Promise<Database> {
  const templateFile = options.pgliteTemplate ?? fileURLToPath(new URL(`./${TEMPLATE_FILE}`, import.meta.url));
  // One process on an embedded database: refused here, before the simulator touches DATA_DIR.
  const lock = await lockEmbeddedDatabase(config, { holder: 'server' });
  try {
    return await openDatabase(config, {
      ...(templateFile ? { pgliteTemplateFile: templateFile } : {}),
      ...(lock ? { lock } : {}),
      migrations: config.migrationsOnBoot,
    });
  } catch (error) {
    await exchangeStart.then(
      (e) => e.close(),
      () => undefined,
    );
    throw error;
  }
}

interface AppParts {
  config: Config;
  database: Database;
  exchange: ExchangeServices;
  mailer: Mailer;
  metrics: EngineMetrics;
}

/** The HTTP app on the open database and exchange; the platform's gauges join the engine's registry it serves at /metrics. */
async function buildPlatformApp(
  { buildApp }: typeof AppModule,
  { config, database, exchange, mailer, metrics }: AppParts,
  options: StartOptions,
): Promise<FastifyInstance> {
  // The price feed's state and the platform-wide backlog, for the production alerts (deploy/prometheus).
  const { marketData } = exchange;
  registerPlatformMetrics(metrics.registry, { feed: () => marketData.feedStats(), backlog: () => readBacklog(database.db) });
  return buildApp(
    {
      config,
      db: database.db,
      mailer,
      clock: systemClock,
      exchange,
      metrics: metrics.registry,
      notifications: database.notifications,
    },
    { logger: options.logger ?? false, requestLog: options.requestLog },
  );
}

/** Listens where the configuration says; the port it got (PORT=0 picks a free one). */
async function listenOn(app: FastifyInstance, config: Config): Promise<number> {
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : config.port;
}

export async function startPlatformServer(options: StartOptions = {}): Promise<PlatformServer> {
  const entered = performance.now();
  const config = options.config ?? loadConfig(options.env ?? process.env);
  // Loading the HTTP stack overlaps with PGlite compiling its wasm in the background.
  const appModule = import('./app');
  appModule.catch(() => undefined); // awaited below; this only keeps an early failure handled
  // The exchange (ccxt, in-process simulator) starts while PGlite opens.
  const exchangeStart = createExchange(config);
  exchangeStart.catch(() => undefined); // awaited below; this only keeps an early failure handled
  const database = await openPlatformDatabase(config, options, exchangeStart);
  const databaseReady = performance.now();
  let app: FastifyInstance | undefined;
  let seeding: Promise<boolean> | undefined;
  try {
    // The seed's argon2 hash runs on libuv's pool while the app's plugins register.
    // Embedded database, no members yet and simulator mode only (never EXCHANGE=binance).
    seeding = seedDemoOnFirstStart(database.db, config);
    seeding.catch(() => undefined); // awaited below; this only keeps an early failure handled
    const log: { line: (l: string) => void } = { line: () => undefined };
    const mailer = createMailer(config, (line) => log.line(line));
    const exchange = await exchangeStart;
    const metrics = new EngineMetrics();
    const started = await buildPlatformApp(await appModule, { config, database, exchange, mailer, metrics }, options);
    app = started;
    const appBuilt = performance.now();
    log.line = (line) => started.log.info(line);
    await prepareData({ config, database, exchange, log: started.log, seeded: await seeding });
    const port = await listenOn(started, config);
    const listening = performance.now();
    if (exchange.simulator) started.log.info(`exchange simulator on ${exchange.simulator.url}`);
    const workers = await startWorkers({ config, database, exchange, app: started, metrics });
    const phases = bootPhases({ entered, database: databaseReady, app: appBuilt, listening, ready: performance.now() });
    started.log.info({ bootMs: phases }, bootPhasesLine(phases));
    const shutdown = shutdownOf(workers, { database, exchange, app: started, mailer });
    return {
      url: urlFor(config.host, port),
      port,
      app: started,
      config,
      engines: workers.engines,
      close: () => shutdown.run(),
      closePending: () => shutdown.pending(),
    };
  } catch (error) {
    await seeding?.catch(() => undefined); // never close the database under a running seed
    await app?.close().catch(() => undefined);
    await exchangeStart.then(
      (e) => e.close(),
      () => undefined,
    );
    await database.close().catch(() => undefined);
    throw error;
  }
}
