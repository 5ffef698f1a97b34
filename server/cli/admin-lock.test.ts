/**
 * The admin CLI beside a running embedded server, and against a DATA_DIR or DATABASE_URL that
 * holds no database: it refuses with one line and stores (or creates) nothing, where it used to
 * report success for writes the running server never saw and overwrote, and to make a new
 * database and secrets.json out of a mistyped DATA_DIR.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Env } from '../config/config';
import { openDatabase, type Database } from '../db/database';
import { getSetting } from '../modules/settings/settings';
import { databaseTargets } from '../testing/databases';
import { seedPgliteDataDir } from '../testing/pglite-templates';
import { TEST_ENV } from '../testing/server';
import { runAdmin } from './admin';
import { memoryIo } from './io';

const targets = await databaseTargets();

async function admin(env: Env, ...argv: string[]) {
  const io = memoryIo();
  const code = await runAdmin(argv, env, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

describe('the admin CLI beside a running embedded server', () => {
  let work: string;
  let env: Env;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-admin-lock-'));
    env = { ...TEST_ENV, DATA_DIR: join(work, 'data') };
    await seedPgliteDataDir(env.DATA_DIR!);
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('refuses while the server holds DATA_DIR, saying to stop it (its pid shown), and stores nothing; works once it stopped', async () => {
    // The server's hold on the database, as startPlatformServer takes it.
    let server: Database | null = await openDatabase(loadConfig(env));
    try {
      const refused = await admin(env, 'set-setting', 'minimumBotAmount', '250');
      expect(refused.code).toBe(1);
      expect(refused.out).toBe('');
      expect(refused.err.split('\n')).toHaveLength(1);
      expect(refused.err).toContain(`DATA_DIR ${env.DATA_DIR} is in use by a running GridDesk server (pid ${process.pid}`);
      expect(refused.err).toContain('stop it first');
      // The server, the one writer, still has the default.
      expect(String(await getSetting(server.db, 'minimumBotAmount'))).not.toBe('250');
      await server.close();
      server = null;

      expect(await admin(env, 'set-setting', 'minimumBotAmount', '250')).toMatchObject({
        code: 0,
        out: 'minimumBotAmount = 250',
      });
      // The CLI let go of DATA_DIR: the server starts again and sees the value.
      server = await openDatabase(loadConfig(env));
      expect(String(await getSetting(server.db, 'minimumBotAmount'))).toBe('250');
    } finally {
      await server?.close();
    }
  });
});

describe('the admin CLI on a DATA_DIR without a database', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-admin-missing-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('refuses a DATA_DIR that does not exist, naming it, and creates nothing', async () => {
    const dataDir = join(work, 'typo');
    const refused = await admin({ ...TEST_ENV, DATA_DIR: dataDir }, 'set-setting', 'minimumBotAmount', '250');
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `No GridDesk database in DATA_DIR ${dataDir} (${join(dataDir, 'pglite')} holds none): point DATA_DIR at the server's data folder; nothing was created`,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses a folder without secrets.json when the secrets are not given, naming DATA_DIR, and creates no secrets.json', async () => {
    const dataDir = join(work, 'empty');
    await mkdir(dataDir);
    const refused = await admin({ DATA_DIR: dataDir }, 'list-users');
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `Invalid configuration: JWT_SECRET and SECRETS_KEY unset and DATA_DIR ${dataDir} holds no secrets.json: point DATA_DIR at the server's data folder (or set them as the server has them); nothing was created`,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a folder with secrets but no database, and leaves it as it was', async () => {
    const dataDir = join(work, 'secrets-only');
    await mkdir(dataDir);
    const refused = await admin(
      { ...TEST_ENV, DATA_DIR: dataDir },
      'grant-subscription',
      '--email',
      'a@example.com',
      '--days',
      '30',
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`No GridDesk database in DATA_DIR ${dataDir}`);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe.each(targets.filter((target) => target.name === 'postgres'))(
  'the admin CLI on a DATABASE_URL without a database ($name)',
  (target) => {
    let work: string;
    beforeAll(async () => {
      work = await mkdtemp(join(tmpdir(), 'griddesk-admin-pg-'));
    });
    afterAll(() => rm(work, { recursive: true, force: true }));

    it('refuses an empty database, naming DATABASE_URL, and migrates nothing into it', async () => {
      const { databaseUrl, drop } = await target.create();
      try {
        const refused = await admin({ ...TEST_ENV, DATA_DIR: work, DATABASE_URL: databaseUrl! }, 'list-users');
        expect(refused.code).toBe(1);
        expect(refused.err).toContain("Invalid configuration: DATABASE_URL's database holds no GridDesk database yet");
        const client = new pg.Client({ connectionString: databaseUrl! });
        await client.connect();
        try {
          const { rows } = await client.query<{ count: string }>(
            "SELECT count(*)::text AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
          );
          expect(rows[0]!.count).toBe('0');
        } finally {
          await client.end();
        }
      } finally {
        await drop();
      }
    });

    it('refuses a database that does not exist, naming DATABASE_URL', async () => {
      const { databaseUrl, drop } = await target.create();
      await drop();
      const refused = await admin({ ...TEST_ENV, DATA_DIR: work, DATABASE_URL: databaseUrl! }, 'list-users');
      expect(refused).toMatchObject({
        code: 1,
        err: "Invalid configuration: DATABASE_URL names a database that does not exist: point it at the server's database; nothing was created",
      });
    });

    it('needs no lock: it acts while a server is connected to the same database', async () => {
      const { databaseUrl, drop } = await target.create({ migrated: true });
      const env = { ...TEST_ENV, DATA_DIR: work, DATABASE_URL: databaseUrl! };
      const server = await openDatabase(loadConfig(env));
      try {
        expect(await admin(env, 'set-setting', 'minimumBotAmount', '250')).toMatchObject({ code: 0 });
        // Read fresh by the server on its next request: settings are not cached.
        expect(String(await getSetting(server.db, 'minimumBotAmount'))).toBe('250');
      } finally {
        await server.close();
        await drop();
      }
    });
  },
);
