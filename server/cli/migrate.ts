/**
 * `npm run migrate` (built: `node dist/server/cli/migrate.js`): applies the pending database
 * migrations of the server's database (DATABASE_URL, else the embedded PGlite in DATA_DIR) and
 * exits; `--status` lists every migration of this build as applied or pending and applies
 * nothing. Exit codes: 0 done / nothing pending, 1 failed, 2 a misused command line, 3
 * (`--status` only) migrations pending, so a deploy script can test for them.
 */
import { pathToFileURL } from 'node:url';
import { answerCommandLine, readCommandLine, type CommandLineSpec } from '../../common/command-line';
import { loadConfig, type Config, type Env } from '../config/config';
import { migrateDatabase, readDatabaseMigrationStatus } from '../db/database';
import { migrateLine, statusLines } from './migrate-output';
import { redactSecrets, secretsOf } from '../logging/redact';
import { processIo, type CliIo } from './io';

/** `--status` found migrations pending. */
export const PENDING_EXIT_CODE = 3;

const USAGE = `Usage: npm run migrate              apply the pending database migrations
       npm run migrate -- --status  list this build's migrations, applied or pending; apply nothing
       npm run migrate -- --help    this text

The database is the server's: DATABASE_URL (PostgreSQL), else the embedded PGlite in DATA_DIR.
On PostgreSQL it takes the same advisory lock as a booting server, so it may run while servers
run; with the embedded database stop the server first (it holds DATA_DIR).
Exit codes: 0 applied or nothing pending, 1 failed, 2 bad command line, 3 (--status) pending.`;

const MIGRATE_COMMAND: CommandLineSpec<'status'> = {
  command: 'npm run migrate',
  usage: USAGE,
  flags: { status: 'boolean' },
  maxPositionals: 0,
};

/**
 * The server's configuration without its secrets: migrating reads neither JWT_SECRET nor
 * SECRETS_KEY, so a database administrator's shell needs only DATABASE_URL (or DATA_DIR), and
 * nothing is generated into DATA_DIR/secrets.json.
 */
function configWithoutSecrets(env: Env): Config {
  return loadConfig(
    { ...env, JWT_SECRET: 'unused-by-migrate-'.repeat(2), SECRETS_KEY: '00'.repeat(32) },
    { createSecrets: false },
  );
}

export async function runMigrate(argv: string[], env: Env, io: CliIo): Promise<number> {
  const line = readCommandLine(argv, MIGRATE_COMMAND);
  if (line.kind !== 'run') return answerCommandLine(line, io);
  try {
    const config = configWithoutSecrets(env);
    if (line.flags.status) {
      const status = await readDatabaseMigrationStatus(config, { holder: 'migrate' });
      for (const text of statusLines(status)) io.out(text);
      return status.pending.length > 0 ? PENDING_EXIT_CODE : 0;
    }
    io.out(migrateLine(await migrateDatabase(config, { holder: 'migrate' })));
    return 0;
  } catch (error) {
    // One line, never a credential: DATABASE_URL's password is redacted.
    const message = error instanceof Error ? error.message : String(error);
    io.err(`migrate failed: ${redactSecrets(message.replace(/\s*\n\s*/g, ' '), secretsOf(env))}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runMigrate(process.argv.slice(2), process.env, processIo).then((code) => process.exit(code));
}
