/** Forgot / reset password: a single-use token, valid 30 minutes, mailed as app and web links. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MINUTES } from '../../../common/constants';
import { SERVER } from '../../../common/messages';
import { passwordResets, users } from '../../db/schema';
import { resetLinks, resetMail } from '../../mail/templates';
import { addMinutes } from '../clock';
import { DomainError } from '../errors';
import type { AccountDeps } from './deps';
import { hashPassword } from './passwords';
import { generateResetToken, hashResetToken } from './secrets';
import { revokeUserSessions } from './sessions';
import { findUserByEmail } from './users';

export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new DomainError('not_found', SERVER.userNotFound);
  const token = generateResetToken();
  await deps.db.insert(passwordResets).values({
    tokenHash: hashResetToken(token),
    userId: user.id,
    expiresAt: addMinutes(deps.clock(), RESET_TOKEN_TTL_MINUTES),
  });
  await deps.mailer.send(resetMail(user.email, user.username, resetLinks(token, deps.config.appWebUrl)));
}

/** Consumes the token and sets the password; every session of the member is revoked. */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password, deps.config.argon2);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashResetToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw new DomainError('invalid', SERVER.resetTokenInvalid);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await revokeUserSessions(tx, claimed.userId, () => now);
  });
}
