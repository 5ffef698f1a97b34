/**
 * The real platform app in the bench's own process, on an in-memory PGlite with a memory mailer,
 * and a member signed up through the real flow (signup -> mailed OTP -> verify).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app';
import { loadConfig } from '../../server/config/config';
import { openDatabase } from '../../server/db/database';
import { MemoryMailer } from '../../server/mail/mailer';
import { systemClock } from '../../server/modules/clock';

export interface BenchApp {
  app: FastifyInstance;
  mailer: MemoryMailer;
  close(): Promise<void>;
}

/** `extra` adds dependencies, e.g. `exchange` services around a bench simulator. */
export async function benchApp(extra: Partial<AppDeps> = {}): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'griddesk-bench-'));
  // A cheap argon2 cost: the bench measures fan-out, not password hashing.
  const config = loadConfig({
    JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
    SECRETS_KEY: '00'.repeat(32),
    ARGON2_MEMORY_KIB: '64',
    ARGON2_TIME_COST: '1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  const database = await openDatabase(config, { pgliteDir: 'memory://' });
  const mailer = new MemoryMailer();
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    clock: systemClock,
    notifications: database.notifications,
    ...extra,
  });
  return {
    app,
    mailer,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a member up and returns their session token. */
export async function signUp({ app, mailer }: BenchApp, username: string): Promise<string> {
  const body = {
    username,
    contactNo: '+911234567890',
    email: `${username.toLowerCase()}-${Date.now()}@bench.local`,
    password: 'secret12',
  };
  const signup = await app.inject({ method: 'POST', url: '/api/signup', payload: body });
  if (signup.statusCode !== 200) throw new Error(`signup failed: ${signup.body}`);
  const otp = /^(\d{6})$/m.exec(mailer.lastTo(body.email)?.text ?? '')?.[1];
  if (!otp) throw new Error('no OTP mailed on signup');
  const verify = await app.inject({ method: 'POST', url: '/api/verify-otp', payload: { ...body, otp } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  return verify.json<{ token: string }>().token;
}
