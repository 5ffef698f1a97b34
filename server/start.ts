/**
 * Starts the platform server: config, database (migrated), mailer, app, listen. The process
 * entry (main.ts), the Electron main process, the browser-preview host and the e2e tests all
 * call `startPlatformServer`, so its contract stays exactly as it is.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config, type Env } from './config';
import { openDatabase, type Database } from './db/database';
import { users } from './db/schema';
import { createMailer } from './mail/index';
import { systemClock } from './modules/clock';
import { seedDemo } from './modules/demo/seed';

export interface StartOptions {
  env?: Env;
  config?: Config;
  logger?: boolean | object;
}

export interface PlatformServer {
  url: string;
  port: number;
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** Only the embedded database gets the demo member, and only while it has no members at all. */
async function seedFirstEmbeddedStart(database: Database, config: Config): Promise<boolean> {
  if (config.databaseUrl) return false;
  const [anyone] = await database.db.select({ id: users.id }).from(users).limit(1);
  if (anyone) return false;
  await seedDemo(database.db, config.argon2);
  return true;
}

function urlFor(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

export async function startPlatformServer(options: StartOptions = {}): Promise<PlatformServer> {
  const config = options.config ?? loadConfig(options.env ?? process.env);
  // Loading the HTTP stack overlaps with PGlite compiling its wasm in the background.
  const appModule = import('./app');
  appModule.catch(() => undefined); // awaited below; this only keeps an early failure handled
  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    const seeded = await seedFirstEmbeddedStart(database, config);
    const log: { line: (l: string) => void } = { line: () => undefined };
    const mailer = createMailer(config, (line) => log.line(line));
    const { buildApp } = await appModule;
    app = await buildApp({ config, db: database.db, mailer, clock: systemClock }, { logger: options.logger ?? false });
    const logger = app.log;
    log.line = (line) => logger.info(line);
    if (seeded) app.log.info('seeded the demo member (npm run seed:demo prints its credentials)');
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const started = app;
    return {
      url: urlFor(config.host, port),
      port,
      app: started,
      config,
      close: async () => {
        await started.close();
        await mailer.close?.();
        await database.close();
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
