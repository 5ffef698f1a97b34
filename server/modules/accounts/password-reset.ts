/**
 * Forgot / reset password: a single-use token, valid 30 minutes, mailed as app and web links.
 * Only the newest link of a member works: a new request deletes every earlier token (its mail
 * says so when one was still usable), and a successful reset deletes every other one. A member
 * gets at most RESET_MAIL_HOURLY_MAX mails an hour (reset-mail-cap.ts). The token travels in the
 * URL path (SPEC section 7: POST /api/reset-password/{token}), so the request log must redact
 * that path (app.ts).
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MINUTES } from '../../../common/constants';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { passwordResets, users } from '../../db/schema';
import { resetLinks, resetMail } from '../../mail/templates';
import { addMinutes } from '../clock';
import { DomainError } from '../errors';
import type { AccountDeps } from './deps';
import { forgetLoginFailures } from './login-throttle';
import { hashPassword } from './passwords';
import { countResetMail } from './reset-mail-cap';
import { generateResetToken, hashResetToken } from './secrets';
import { revokeUserSessions } from './sessions';
import { findUserByEmail } from './users';

export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new DomainError('account.not_found', SERVER.userNotFound);
  const now = deps.clock();
  // Counted before any token is touched: a refused request leaves the link last mailed working.
  await countResetMail(deps, user.email, now);
  const token = generateResetToken();
  const replaced = await deps.db.transaction(async (tx) => {
    // A link in an older mail (perhaps in a mailbox someone else can read) stops working now.
    const earlier = await tx
      .delete(passwordResets)
      .where(eq(passwordResets.userId, user.id))
      .returning({ usedAt: passwordResets.usedAt, expiresAt: passwordResets.expiresAt });
    await tx.insert(passwordResets).values({
      tokenHash: hashResetToken(token),
      userId: user.id,
      expiresAt: addMinutes(now, RESET_TOKEN_TTL_MINUTES),
    });
    return earlier.some((row) => row.usedAt === null && row.expiresAt.getTime() > now.getTime());
  });
  const links = resetLinks(token, deps.config.appWebUrl);
  await deps.mailer.send(resetMail(user.email, user.username, links, { replacesLiveLink: replaced }));
}

function usable(tokenHash: string, now: Date) {
  return and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
}

async function isUsable(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(usable(tokenHash, now));
  return row !== undefined;
}

/**
 * Consumes the token and sets the password; every session of the member is revoked, every other
 * reset link deleted and the account's run of failed logins forgotten. The token is checked
 * before the new password is hashed, so a wrong or stale token costs no argon2.
 */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<void> {
  const tokenHash = hashResetToken(token);
  const invalid = () => new DomainError('account.reset_token_invalid', SERVER.resetTokenInvalid);
  if (!(await isUsable(deps.db, tokenHash, deps.clock()))) throw invalid();
  const passwordHash = await hashPassword(password, deps.config.argon2);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    // Claimed atomically: of two parallel resets with one token exactly one gets here.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(usable(tokenHash, now))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw invalid();
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, claimed.userId))
      .returning({ email: users.email });
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, claimed.userId), ne(passwordResets.tokenHash, tokenHash)));
    if (user) await forgetLoginFailures(tx, user.email);
    await revokeUserSessions(tx, claimed.userId, () => now);
  });
}
