/**
 * Database targets for integration tests: PGlite always, and a real PostgreSQL when
 * TEST_DATABASE_URL is set or 127.0.0.1:5432 accepts connections. Each PostgreSQL target gets a
 * throwaway database (CREATE DATABASE griddesk_test_<random>) dropped afterwards. Without a
 * reachable PostgreSQL the run says so once on stderr; a TEST_DATABASE_URL that cannot be
 * reached fails the tests instead of quietly leaving PostgreSQL out.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminQuery, databaseUrl, migratedTemplate } from './postgres-template';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /**
   * Creates a fresh database; returns its DATABASE_URL (null for PGlite) and a cleanup. Empty,
   * or with `migrated` already holding this checkout's migrations (PostgreSQL copies a template
   * database, postgres-template.ts; a PGlite caller loads pglite-templates.ts' dump instead).
   */
  create(options?: { migrated?: boolean }): Promise<{ databaseUrl: string | null; drop(): Promise<void> }>;
}

/**
 * Where a local PostgreSQL is looked for when TEST_DATABASE_URL is unset, and the marker that
 * makes its absence said once per run (tests of this module change both).
 */
export interface LocalPostgres {
  host: string;
  port: number;
  marker: string;
}

/** Test files run in workers of one vitest process, their parent: the marker is named after it. */
const LOCAL: LocalPostgres = {
  host: '127.0.0.1',
  port: 5432,
  marker: join(tmpdir(), `griddesk-tests-no-postgres-${process.ppid}`),
};

const localAdminUrls = ({ host, port }: LocalPostgres) => [
  `postgres://postgres@${host}:${port}/postgres`,
  `postgres://root@${host}:${port}/test`,
];

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
async function adminUrl(local: LocalPostgres): Promise<string | null> {
  const explicit = process.env.TEST_DATABASE_URL;
  if (explicit) {
    if (await canConnect(explicit)) return explicit;
    const shown = new URL(explicit);
    shown.password = '';
    throw new Error(
      `TEST_DATABASE_URL is set but PostgreSQL at ${shown.toString()} cannot be reached: start it, fix the URL, or unset it to test on PGlite only`,
    );
  }
  if (!(await portOpen(local.host, local.port))) return null;
  for (const url of localAdminUrls(local)) if (await canConnect(url)) return url;
  return null;
}

function postgresTarget(admin: string): DatabaseTarget {
  let template: Promise<string> | undefined;
  return {
    name: 'postgres',
    async create({ migrated = false } = {}) {
      const name = `griddesk_test_${randomBytes(6).toString('hex')}`;
      const copied = migrated ? ` TEMPLATE ${await (template ??= migratedTemplate(admin))}` : '';
      await adminQuery(admin, `CREATE DATABASE ${name}${copied}`);
      return {
        databaseUrl: databaseUrl(admin, name),
        drop: async () => {
          await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
      };
    },
  };
}

export const pgliteTarget: DatabaseTarget = {
  name: 'pglite',
  create: async () => ({ databaseUrl: null, drop: async () => undefined }),
};

/** Once per test run: the first file to find no PostgreSQL creates the marker and prints the warning. */
function warnPostgresSkipped(marker: string): void {
  try {
    writeFileSync(marker, '', { flag: 'wx' });
  } catch {
    return; // warned already in this run
  }
  process.stderr.write(
    'WARNING: no PostgreSQL reachable (TEST_DATABASE_URL unset, nothing accepting postgres or root at 127.0.0.1:5432): ' +
      'the two-database tests run on PGlite only and their PostgreSQL half is SKIPPED. Set TEST_DATABASE_URL to an admin URL ' +
      '(one that may CREATE DATABASE) or start a local PostgreSQL to run it.\n',
  );
}

/**
 * Which tests run on both databases, and which on one (issue 35). PGlite is one connection in
 * this process, whose transactions run one after another; PostgreSQL is a pool of connections
 * whose transactions interleave, lock rows, skip locked ones and notify across processes.
 *
 * Both (`databaseTargets`): a test whose outcome can depend on that difference: money and the
 * ledger, starts and commands under concurrency, leases and takeovers, the engine's store and
 * its writes, notifications, migrations, backups and restores, rate-limit counters, sessions.
 * One (`oneDatabaseTarget`): a test whose SQL is the same statements run one at a time, where
 * the database only stores and answers: request validation, 401/404/ownership refusals and
 * envelopes, documentation, formatting of answers, the hostile-input fuzz, the engine's
 * crash-point matrices (the store's statements they rely on are held to both databases by the
 * store, lease and fault tests). The one database is PostgreSQL when reachable (about twice as
 * fast here), PGlite otherwise; the embedded default runs end to end in the e2e suite.
 */

/**
 * TEST_DATABASE narrows a contributor's run to one database (`npm run test:server` sets `one`):
 * `one` runs every test on the one database, `pglite` or `postgres` on that one (`postgres`
 * fails when no PostgreSQL answers). Unset, as in `npm test` and CI, the rule above holds.
 */
export type DatabaseChoice = 'one' | 'pglite' | 'postgres' | undefined;

function databaseChoice(value = process.env.TEST_DATABASE): DatabaseChoice {
  if (value === undefined || value === '') return undefined;
  if (value === 'one' || value === 'pglite' || value === 'postgres') return value;
  throw new Error(`TEST_DATABASE=${value}: use one, pglite or postgres (or leave it unset for both)`);
}

async function chosenTargets(choice: Exclude<DatabaseChoice, undefined>, local: LocalPostgres): Promise<DatabaseTarget[]> {
  if (choice === 'pglite') return [pgliteTarget];
  const admin = await adminUrl(local);
  if (choice === 'postgres' && !admin)
    throw new Error('TEST_DATABASE=postgres, but no PostgreSQL answers (TEST_DATABASE_URL or 127.0.0.1:5432)');
  return admin ? [postgresTarget(admin)] : [pgliteTarget];
}

/** Use with top-level await and `describe.each(targets)`. */
export async function databaseTargets(
  local: LocalPostgres = LOCAL,
  choice: DatabaseChoice = databaseChoice(),
): Promise<DatabaseTarget[]> {
  if (choice) return chosenTargets(choice, local);
  const admin = await adminUrl(local);
  if (!admin) warnPostgresSkipped(local.marker);
  return admin ? [pgliteTarget, postgresTarget(admin)] : [pgliteTarget];
}

/** One database for a test the rule above runs on one: PostgreSQL when reachable, else PGlite (as `describe.each` takes it). */
export async function oneDatabaseTarget(
  local: LocalPostgres = LOCAL,
  choice: DatabaseChoice = databaseChoice(),
): Promise<DatabaseTarget[]> {
  if (choice && choice !== 'one') return chosenTargets(choice, local);
  const admin = await adminUrl(local);
  return admin ? [postgresTarget(admin)] : [pgliteTarget];
}
