/**
 * A throwaway PostgreSQL database for benches (as server/testing/databases.ts makes them:
 * CREATE DATABASE griddesk_bench_<random>, dropped afterwards), migrated by openDatabase, and
 * bulk seeding of members with bound keys and sessions: plain SQL, thousands of rows a statement.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, type Config, type Env } from '../../server/config/config';
import { openDatabase, type Database } from '../../server/db/database';
import { SECRET_KEY_VERSION, sealSecret } from '../../server/modules/keys/crypto';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  config: Config;
  database: Database;
  /** A separate pool for seeding and EXPLAIN (not the app's). */
  pool: pg.Pool;
  close(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh migrated database and a config pointing at it (`env` adds to the bench's defaults). */
export async function benchDatabase(env: Env = {}): Promise<BenchDatabase> {
  const name = `griddesk_bench_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'griddesk-bench-'));
  const drop = async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
      SECRETS_KEY: '00'.repeat(32),
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      ...env,
    });
    const database = await openDatabase(config);
    const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    return {
      url: url.toString(),
      config,
      database,
      pool,
      close: async () => {
        await pool.end().catch(() => undefined);
        await database.close().catch(() => undefined);
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

export interface SeededMember {
  userId: string;
  apiKey: string;
  secretKey: string;
}

const code = (i: number) => i.toString(36).toUpperCase().padStart(6, '0');

/** Inserts rows given as JSON objects (snake_case keys) through json_populate_recordset, in batches. */
export async function insertJson(pool: pg.Pool, table: string, rows: Record<string, unknown>[], batch = 2_000): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    const columns = Object.keys(chunk[0]!).join(', ');
    await pool.query(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(null::${table}, $1)`, [
      JSON.stringify(chunk),
    ]);
  }
}

/** Members with the simulator keys given (one each), sealed as saveKeys stores them. No argon2: nobody logs in. */
export async function seedMembers(db: BenchDatabase, keys: { apiKey: string; secretKey: string }[]): Promise<SeededMember[]> {
  const members = keys.map((k) => ({ userId: randomUUID(), ...k }));
  await insertJson(
    db.pool,
    'users',
    members.map((m, i) => ({
      id: m.userId,
      username: `bench${i}`,
      email: `bench${i}@bench.local`,
      contact_no: '+911234567890',
      password_hash: 'x',
      referral_code: code(i),
    })),
  );
  await insertJson(
    db.pool,
    'exchange_keys',
    members.map((m) => ({
      user_id: m.userId,
      api_key: m.apiKey,
      secret_ciphertext: sealSecret(db.config.secretsKey, m.userId, m.secretKey),
      key_version: SECRET_KEY_VERSION,
      ip_restricted: true,
    })),
  );
  return members;
}

/** A live session per member; returns their session ids (sign `{sub, jti}` with the app's JWT). */
export async function seedSessions(db: BenchDatabase, userIds: string[]): Promise<string[]> {
  const ids = userIds.map(() => randomUUID());
  const expires = new Date(Date.now() + 24 * 3_600_000).toISOString();
  await insertJson(
    db.pool,
    'sessions',
    userIds.map((userId, i) => ({ id: ids[i], user_id: userId, expires_at: expires })),
  );
  return ids;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere. */
export async function processCpuSeconds(pid: number): Promise<number | null> {
  try {
    const { readFile } = await import('node:fs/promises');
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** CPU seconds of every PostgreSQL server process on this machine (all databases), by pid. */
export async function postgresCpuSeconds(): Promise<Map<number, number>> {
  const { readdir, readFile } = await import('node:fs/promises');
  const byPid = new Map<number, number>();
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() !== 'postgres') continue;
    const cpu = await processCpuSeconds(Number(entry));
    if (cpu !== null) byPid.set(Number(entry), cpu);
  }
  return byPid;
}

/** CPU seconds PostgreSQL used between two samples (processes alive at the end; new ones count from 0). */
export function postgresCpuDelta(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}
