/**
 * Database targets for integration tests: PGlite always, and a real PostgreSQL when
 * TEST_DATABASE_URL is set or 127.0.0.1:5432 accepts connections. Each PostgreSQL target gets a
 * throwaway database (CREATE DATABASE griddesk_test_<random>) dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** Creates a fresh database; returns its DATABASE_URL (null for PGlite) and a cleanup. */
  create(): Promise<{ databaseUrl: string | null; drop(): Promise<void> }>;
}

const LOCAL_ADMIN_URLS = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/test'];

function portOpen(host: string, port: number, timeoutMs = 300): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** An admin URL that may CREATE DATABASE, or null when no PostgreSQL is reachable. */
async function adminUrl(): Promise<string | null> {
  const explicit = process.env.TEST_DATABASE_URL;
  if (explicit) return explicit;
  if (!(await portOpen('127.0.0.1', 5432))) return null;
  for (const url of LOCAL_ADMIN_URLS) if (await canConnect(url)) return url;
  return null;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function postgresTarget(admin: string): DatabaseTarget {
  return {
    name: 'postgres',
    async create() {
      const name = `griddesk_test_${randomBytes(6).toString('hex')}`;
      await adminQuery(admin, `CREATE DATABASE ${name}`);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      return {
        databaseUrl: url.toString(),
        drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      };
    },
  };
}

export const pgliteTarget: DatabaseTarget = {
  name: 'pglite',
  create: async () => ({ databaseUrl: null, drop: async () => undefined }),
};

/** Use with top-level await and `describe.each(targets)`. */
export async function databaseTargets(): Promise<DatabaseTarget[]> {
  const admin = await adminUrl();
  return admin ? [pgliteTarget, postgresTarget(admin)] : [pgliteTarget];
}
