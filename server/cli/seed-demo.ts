/** `npm run seed:demo`: creates (idempotently) the demo member and prints how to sign in. */
import { pathToFileURL } from 'node:url';
import { loadConfig, type Env } from '../config';
import { openDatabase } from '../db/database';
import { redactedErrorText } from '../logging/startup-failure';
import { DEMO_MEMBER, DEMO_NEEDS_SIMULATOR, demoMemberAllowed, seedDemo } from '../modules/demo/seed';
import { processIo, type CliIo } from './io';

/** The whole command without the process around it; resolves to the exit code. */
export async function runSeedDemo(env: Env, io: CliIo): Promise<number> {
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
  runSeedDemo(process.env, processIo).then((code) => process.exit(code));
}
