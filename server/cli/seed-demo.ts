/** `npm run seed:demo`: creates (idempotently) the demo member and prints how to sign in. */
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Env } from '../config';
import { openDatabase } from '../db/database';
import { DEMO_MEMBER, seedDemo } from '../modules/demo/seed';
import { processIo, type CliIo } from './io';

/** The whole command without the process around it; resolves to the exit code. */
export async function runSeedDemo(env: Env, io: CliIo): Promise<number> {
  try {
    const config = loadConfig(env);
    const database = await openDatabase(config);
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
    io.err(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSeedDemo(process.env, processIo).then((code) => process.exit(code));
}
