/**
 * The demo member, created by `npm run seed:demo` and on the first embedded start, so a
 * newcomer can sign in at once and sign up through a known referral ID. Only in simulator
 * mode: its password is published, so on a real exchange it would be an open account.
 */
import type { Argon2Cost, Config } from '../../config/config';
import type { Db } from '../../db/database';
import { hashPassword } from '../accounts/passwords';
import { createUser, findUserByEmail } from '../accounts/users';
import { grant, isActive } from '../subscriptions/subscriptions';

export const DEMO_MEMBER = {
  email: 'demo@griddesk.local',
  password: 'demo1234',
  username: 'Demo',
  contactNo: '0000000000',
  referralCode: 'DEMO01',
  subscriptionDays: 365,
} as const;

/** Why `npm run seed:demo` refuses to run against a real exchange. */
export const DEMO_NEEDS_SIMULATOR =
  'The demo member exists only in simulator mode (EXCHANGE=sim): its password is published, so with EXCHANGE=binance it is never created.';

/** The demo member belongs to simulator mode only, never to a real exchange. */
export function demoMemberAllowed(config: Pick<Config, 'exchange'>): boolean {
  return config.exchange === 'sim';
}

export interface SeedResult {
  created: boolean;
  granted: boolean;
}

/** Idempotent: creates the member if missing and tops up the subscription if it lapsed. */
export async function seedDemo(db: Db, argon2: Argon2Cost): Promise<SeedResult> {
  let user = await findUserByEmail(db, DEMO_MEMBER.email);
  const created = !user;
  if (!user) {
    user = await createUser(db, {
      username: DEMO_MEMBER.username,
      email: DEMO_MEMBER.email,
      contactNo: DEMO_MEMBER.contactNo,
      passwordHash: await hashPassword(DEMO_MEMBER.password, argon2),
      sponsorId: null,
      referralCode: DEMO_MEMBER.referralCode,
    });
  }
  const granted = !(await isActive(db, user.id));
  if (granted) await grant(db, user.id, DEMO_MEMBER.subscriptionDays, 'demo-seed');
  return { created, granted };
}
