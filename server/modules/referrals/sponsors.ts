/** Sponsor lookup for the referral check and for signup. */
import { eq } from 'drizzle-orm';
import type { ReferralCheckResponse } from '../../../common/api/account';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import type { Clock } from '../clock';
import { isActive } from '../subscriptions/subscriptions';
import { normalizeReferralCode } from './codes';

export interface Sponsor {
  id: string;
  username: string;
  active: boolean;
}

export async function findSponsor(db: Db, referralId: string, clock?: Clock): Promise<Sponsor | null> {
  const code = normalizeReferralCode(referralId);
  const [row] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.referralCode, code));
  if (!row) return null;
  return { ...row, active: await isActive(db, row.id, clock) };
}

/** GET /api/referralIdcheck/{id}: only a sponsor with an active subscription can refer. */
export async function checkReferral(db: Db, referralId: string, clock?: Clock): Promise<ReferralCheckResponse> {
  const sponsor = await findSponsor(db, referralId, clock);
  if (!sponsor) return { exists: false, username: null, message: SERVER.referralNotFound, reason: 'account.referral_not_found' };
  if (!sponsor.active) {
    return { exists: false, username: null, message: SERVER.sponsorWithoutSubscription, reason: 'account.sponsor_inactive' };
  }
  return { exists: true, username: sponsor.username, message: SERVER.referralValid };
}
