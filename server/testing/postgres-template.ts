/**
 * A PostgreSQL database holding this checkout's migrations, made once per migration set on a
 * test server and copied by CREATE DATABASE ... TEMPLATE for each test server: a copy costs a
 * fraction of running every migration again, which each test file (and each engine harness)
 * used to do.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { loadConfig } from '../config/config';
import { openDatabase, resolveMigrationsFolder } from '../db/database';

export async function adminQuery(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `admin` pointed at another database of the same server. */
export function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Changes whenever a migration is added or edited. */
function migrationsKey(): string {
  const migrations = readMigrationFiles({ migrationsFolder: resolveMigrationsFolder() });
  return createHash('sha256')
    .update(migrations.map((m) => m.hash).join(','))
    .digest('hex')
    .slice(0, 16);
}

async function exists(admin: string, name: string): Promise<boolean> {
  return (await adminQuery(admin, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).rowCount === 1;
}

/**
 * The template's name, building it first when this server has none for these migrations.
 * Builders racing in parallel test processes each migrate a private database and rename it
 * into place; the losers drop theirs. Nothing connects to the template afterwards (a copy
 * needs it unused).
 */
export async function migratedTemplate(admin: string): Promise<string> {
  const name = `griddesk_template_${migrationsKey()}`;
  if (await exists(admin, name)) return name;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${building}`);
  try {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(40),
      SECRETS_KEY: '00'.repeat(32),
      DATABASE_URL: databaseUrl(admin, building),
    });
    await (await openDatabase(config)).close();
    await adminQuery(admin, `ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (error) {
    await adminQuery(admin, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    if (!(await exists(admin, name))) throw error;
  }
  return name;
}
