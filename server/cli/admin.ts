/**
 * Support-staff CLI: `npm run admin -- <command>`. Uses the same configuration (environment)
 * and database as the server, so point DATA_DIR or DATABASE_URL at the right one.
 * `runAdmin` is the whole CLI without the process around it (admin.test.ts drives it).
 */
import { pathToFileURL } from 'node:url';
import { asc } from 'drizzle-orm';
import { answerCommandLine, readCommandLine, type FlagType, type FlagValues } from '../../common/command-line';
import { SETTING_NAMES, type SettingName } from '../../common/constants';
import { type Config, ConfigError, decodeSecretsKey, loadConfig, type Env } from '../config/config';
import { openDatabase, type Db } from '../db/database';
import { users } from '../db/schema';
import { findUserByEmail } from '../modules/accounts/users';
import { rotateSecretsKey } from '../modules/keys/rotate';
import { DomainError } from '../modules/errors';
import { changeSetting, getSetting } from '../modules/settings/settings';
import { grant, latestExpirySql } from '../modules/subscriptions/subscriptions';
import { addPlanCommand, adjustCommand, ledgerCommand, listPlansCommand, retirePlanCommand } from './admin-billing';
import { processIo, type CliIo } from './io';
import { UsageError } from './usage-error';
import { redactedErrorText } from '../logging/startup-failure';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-subscription --email E --days N   add N days to a member's subscription
  set-setting NAME VALUE                  referralMandatory true|false, minimumBotAmount 100.00,
                                          ifcNewTokenPrice 0.25 (USDT per IFC),
                                          levelPercentages 5,2,1,1,1 (level 1 first, at most 10 in all),
                                          withdrawalMinimum 10 and withdrawalFee 1 (USDT, the fee
                                          taken from the amount, below the minimum),
                                          withdrawalPendingMax 3, withdrawalDailyMax 10 (per member)
  get-setting NAME                        print a setting
  list-users                              members with referral code and expiry
  list-plans                              subscription plans on offer
  add-plan --price USDT --days N          offer a plan (its IFC price follows ifcNewTokenPrice)
  retire-plan PLAN_ID                     stop offering a plan
  ledger --email E [--limit N] [--before ID]
                                          a member's balances and ledger entries, newest
                                          first: N of them (default 100, at most 1000),
                                          older than entry ID (the first column) if given
  adjust --email E --asset A --amount X --reason R
                                          credit (X > 0) or debit (X < 0) an account
                                          (USDT, IFC, USDT_REWARD, IFT, IFX) as a ledger entry
  rotate-secrets-key                      re-encrypt stored exchange secrets from
                                          PREVIOUS_SECRETS_KEY to SECRETS_KEY (both from
                                          the environment, never the command line)
  help, --help, -h                        this text

The database is the server's: DATA_DIR (PGlite) or DATABASE_URL. With the embedded database
(PGlite) stop the server first: the CLI refuses while a server holds DATA_DIR. It never
creates a database or secrets.json: a DATA_DIR or DATABASE_URL without one is refused.`;

/** Each command's flags; a flag another command takes is still unknown here. */
const COMMAND_FLAGS: Record<string, Record<string, FlagType>> = {
  'grant-subscription': { email: 'string', days: 'string' },
  'set-setting': {},
  'get-setting': {},
  'list-users': {},
  'list-plans': {},
  'add-plan': { price: 'string', days: 'string' },
  'retire-plan': {},
  ledger: { email: 'string', limit: 'string', before: 'string' },
  adjust: { email: 'string', asset: 'string', amount: 'string', reason: 'string' },
  'rotate-secrets-key': {},
};

/** One command as typed: its name, its words and its flags' values. */
interface Command {
  name: string;
  positionals: string[];
  flags: FlagValues<string>;
}

function flag(command: Command, name: string): string {
  const value = command.flags[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** An optional flag's value: undefined when the flag is absent, an error when it has no value. */
function optionalFlag(command: Command, name: string): string | undefined {
  const value = command.flags[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} needs a value`);
  return value;
}

function settingName(name: string | undefined): SettingName {
  if (!SETTING_NAMES.includes(name as SettingName)) {
    throw new UsageError(`NAME must be one of ${SETTING_NAMES.join(', ')}`);
  }
  return name as SettingName;
}

async function grantSubscription(db: Db, command: Command): Promise<string> {
  const email = flag(command, 'email');
  const daysText = flag(command, 'days');
  if (!/^\d+$/.test(daysText) || Number(daysText) < 1 || Number(daysText) > 36_500) {
    throw new UsageError('--days must be a whole number from 1 to 36500');
  }
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`no member with email ${email}`);
  const result = await grant(db, user.id, Number(daysText), 'admin');
  return `${user.email}: subscription now expires ${result.expireDate.toISOString()}`;
}

async function listUsers(db: Db): Promise<string> {
  const rows = await db
    .select({ email: users.email, username: users.username, code: users.referralCode, expiry: latestExpirySql })
    .from(users)
    .orderBy(asc(users.createdAt));
  if (rows.length === 0) return 'no members';
  return rows.map((r) => [r.email, r.username, r.code, r.expiry ? new Date(r.expiry).toISOString() : '-'].join('\t')).join('\n');
}

async function rotate(db: Db, config: Config, env: Env): Promise<string> {
  const previous = env.PREVIOUS_SECRETS_KEY;
  if (!previous) throw new UsageError('PREVIOUS_SECRETS_KEY must be set to the key the secrets are sealed with now');
  const result = await rotateSecretsKey(db, decodeSecretsKey(previous, 'PREVIOUS_SECRETS_KEY'), config.secretsKey);
  return `${result.rotated} secret(s) re-encrypted under SECRETS_KEY, ${result.alreadyCurrent} already under it`;
}

async function run(db: Db, config: Config, env: Env, command: Command): Promise<string> {
  const [first, second] = command.positionals;
  switch (command.name) {
    case 'grant-subscription':
      return grantSubscription(db, command);
    case 'set-setting': {
      const name = settingName(first);
      if (second === undefined) throw new UsageError('VALUE is required');
      return `${name} = ${String(await changeSetting(db, name, second))}`;
    }
    case 'get-setting':
      return String(await getSetting(db, settingName(first)));
    case 'list-users':
      return listUsers(db);
    case 'rotate-secrets-key':
      return rotate(db, config, env);
    case 'list-plans':
      return listPlansCommand(db);
    case 'add-plan':
      return addPlanCommand(db, (name) => flag(command, name));
    case 'retire-plan':
      return retirePlanCommand(db, first);
    case 'ledger':
      return ledgerCommand(
        db,
        (name) => flag(command, name),
        (name) => optionalFlag(command, name),
      );
    case 'adjust':
      return adjustCommand(db, (name) => flag(command, name));
    default:
      throw new UsageError(`unknown command: ${command.name}`);
  }
}

/**
 * The command line read against its command's flags: a Command to run, or the exit code of an
 * answer already written (--help, an unknown flag: exit 2, before any database is opened).
 */
function readAdminLine(argv: string[], io: CliIo): Command | number {
  const [name = '', ...rest] = argv;
  const flags = Object.hasOwn(COMMAND_FLAGS, name) ? COMMAND_FLAGS[name]! : {};
  // `--help` or `--bogus` in the command's place is read as a flag too.
  const words = name.startsWith('-') ? argv : rest;
  const line = readCommandLine(words, { command: 'npm run admin', usage: USAGE, flags });
  if (line.kind !== 'run') return answerCommandLine(line, io);
  if (!Object.hasOwn(COMMAND_FLAGS, name)) throw new UsageError(`unknown command: ${name}`);
  return { name, positionals: line.positionals, flags: line.flags };
}

/** Runs one admin command; resolves to the process exit code (0 ok, 1 bad input or failure, 2 an unknown flag). */
export async function runAdmin(argv: string[], env: Env, io: CliIo): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help') {
    // Asked for, the usage is output; missing a command, it is an error.
    if (argv.length === 0) io.err(USAGE);
    else io.out(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  try {
    const command = readAdminLine(argv, io);
    if (typeof command === 'number') return command;
    // The server's database and secrets or nothing: a wrong DATA_DIR or DATABASE_URL is refused,
    // never made; an embedded database a running server holds is refused too (its lock).
    const config = loadConfig(env, { createSecrets: false });
    const database = await openDatabase(config, { holder: 'admin', mustExist: true });
    try {
      io.out(await run(database.db, config, env, command));
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof DomainError) io.err(error.message);
    // Anything else may quote a credential (a driver's error, the connection URL): redacted.
    else io.err(redactedErrorText(error, env));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdmin(process.argv.slice(2), process.env, processIo).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(redactedErrorText(error, process.env));
      process.exit(1);
    },
  );
}
