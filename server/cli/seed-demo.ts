/** `npm run seed:demo`: creates (idempotently) the demo member and prints how to sign in. */
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { DEMO_MEMBER, seedDemo } from '../modules/demo/seed';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    const result = await seedDemo(database.db, config.argon2);
    console.log(result.created ? 'Demo member created.' : 'Demo member already exists.');
    if (result.granted) console.log(`Granted ${DEMO_MEMBER.subscriptionDays} days of subscription.`);
    console.log(`  email:         ${DEMO_MEMBER.email}`);
    console.log(`  password:      ${DEMO_MEMBER.password}`);
    console.log(`  username:      ${DEMO_MEMBER.username}`);
    console.log(`  referral code: ${DEMO_MEMBER.referralCode}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
