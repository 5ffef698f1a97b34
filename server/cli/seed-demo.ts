/** `npm run seed:demo`: creates (idempotently) the demo member and prints how to sign in. */
import { pathToFileURL } from 'node:url';
import { answerCommandLine, readCommandLine, type CommandLineSpec } from '../../common/command-line';
import { loadConfig, type Env } from '../config/config';
import { openDatabase } from '../db/database';
import { redactedErrorText } from '../logging/startup-failure';
import { DEMO_MEMBER, DEMO_NEEDS_SIMULATOR, demoMemberAllowed, seedDemo } from '../modules/demo/seed';
import { processIo, type CliIo } from './io';

const USAGE = `Usage: npm run seed:demo
       npm run seed:demo -- --help   this text

Creates the demo member (${DEMO_MEMBER.email}, with a subscription) in the server's database
(DATA_DIR or DATABASE_URL) if it is not there yet, and prints how to sign in. Simulator mode only
(EXCHANGE=sim): the password is published. With the embedded database (PGlite) stop the server first.`;

const SEED_DEMO_COMMAND: CommandLineSpec = { command: 'npm run seed:demo', usage: USAGE, flags: {}, maxPositionals: 0 };

/** The whole command without the process around it; resolves to the exit code. */
export async function runSeedDemo(env: Env, io: CliIo, argv: string[] = []): Promise<number> {
  const line = readCommandLine(argv, SEED_DEMO_COMMAND);
  if (line.kind !== 'run') return answerCommandLine(line, io);
  try {
    const config = loadConfig(env);
    if (!demoMemberAllowed(config)) {
      io.err(DEMO_NEEDS_SIMULATOR);
      return 1;
    }
    const database = await openDatabase(config, { holder: 'seed-demo' });
    try {
      const result = await seedDemo(database.db, config.argon2);
      io.out(result.created ? 'Demo member created.' : 'Demo member already exists.');
      if (result.granted) io.out(`Granted ${DEMO_MEMBER.subscriptionDays} days of subscription.`);
      io.out(`  email:         ${DEMO_MEMBER.email}`);
      io.out(`  password:      ${DEMO_MEMBER.password}`);
      io.out(`  username:      ${DEMO_MEMBER.username}`);
      io.out(`  referral code: ${DEMO_MEMBER.referralCode}`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    // A configuration error is its one line; a driver's error is redacted of every credential.
    io.err(redactedErrorText(error, env));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSeedDemo(process.env, processIo, process.argv.slice(2)).then((code) => process.exit(code));
}
