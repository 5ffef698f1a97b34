/** GET /api/disclaimeragreementcheck, POST /api/disclaimer: the dashboard popup shows until the member agrees. */
import { eq } from 'drizzle-orm';
import type { DisclaimerCheckResponse } from '../../../common/api/bots';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { disclaimerAgreements } from '../../db/schema';

export async function disclaimerCheck(db: Db, userId: string): Promise<DisclaimerCheckResponse> {
  const [row] = await db
    .select({ userId: disclaimerAgreements.userId })
    .from(disclaimerAgreements)
    .where(eq(disclaimerAgreements.userId, userId));
  return { agreed: row !== undefined };
}

/** Agreeing twice keeps the first agreement's time. */
export async function agreeDisclaimer(db: Db, userId: string): Promise<{ message: string }> {
  await db.insert(disclaimerAgreements).values({ userId }).onConflictDoNothing();
  return { message: SERVER.disclaimerSaved };
}
