/**
 * The hourly cap on password-reset mails per member (RESET_MAIL_HOURLY_MAX). The per-client
 * limits of the route count each client apart, so without it clients from many addresses could
 * fill a member's mailbox (and replace the member's link with every request). Counted in the
 * shared counters, so every API process spends the same budget.
 */
import { SERVER } from '../../../common/messages';
import { hitWindows } from '../limits/window-counters';
import { RetryLater } from '../limits/retry-later';
import type { AccountDeps } from './deps';

const HOUR_MS = 3_600_000;

/** Counts one reset mail to `email` (the member's stored address), or refuses it (429 until the hour's window ends). */
export async function countResetMail(deps: AccountDeps, email: string, now: Date): Promise<void> {
  const [count] = await hitWindows(
    deps.db,
    [{ key: `reset-mail|${email}`, max: deps.config.resetMailHourlyMax, windowMs: HOUR_MS }],
    now,
  );
  if (!count!.allowed) throw new RetryLater(SERVER.resetMailHourlyLimit, count!.expiresAt.getTime() - now.getTime());
}
