/**
 * A platform app for integration tests: one database per test file, a memory mailer, a clock
 * the test can move, a cheap argon2 cost, and `inject` (no network).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config, type Env } from '../config/config';
import { openDatabase, type Database } from '../db/database';
import { MemoryMailer } from '../mail/mailer';
import type { DatabaseTarget } from './databases';
import { pgliteMigrated } from './pglite-templates';

export interface TestClock {
  (): Date;
  /** Moves time forward. */
  advance(ms: number): void;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  mailer: MemoryMailer;
  config: Config;
  clock: TestClock;
  close(): Promise<void>;
}

function testClock(): TestClock {
  let offset = 0;
  const clock = (() => new Date(Date.now() + offset)) as TestClock;
  clock.advance = (ms) => {
    offset += ms;
  };
  return clock;
}

/** Cheap hashes keep tests fast; production keeps DEFAULT_ARGON2. */
export const TEST_ENV: Env = {
  JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
  SECRETS_KEY: '00'.repeat(32),
  ARGON2_MEMORY_KIB: '64',
  ARGON2_TIME_COST: '1',
  LOG_LEVEL: 'silent',
};

/** `extra` adds dependencies, e.g. `exchange` services around a test simulator. */
export async function createTestServer(target: DatabaseTarget, env: Env = {}, extra: Partial<AppDeps> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'griddesk-test-'));
  const created = await target.create({ migrated: true });
  const config = loadConfig({
    ...TEST_ENV,
    DATA_DIR: dataDir,
    ...(created.databaseUrl ? { DATABASE_URL: created.databaseUrl } : {}),
    ...env,
  });
  const database = created.databaseUrl
    ? await openDatabase(config)
    : await openDatabase(config, { pgliteDir: 'memory://', pgliteTemplate: await pgliteMigrated() });
  const mailer = new MemoryMailer();
  const clock = testClock();
  // An answer with a key its schema does not declare fails the test (http/ops/register.ts).
  const app = await buildApp(
    { config, db: database.db, mailer, clock, notifications: database.notifications, ...extra },
    { answers: 'strict' },
  );
  return {
    app,
    database,
    mailer,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await created.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
