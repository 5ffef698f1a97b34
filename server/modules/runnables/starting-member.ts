/**
 * What a member must have before any bot, copy or cycle start looks at the pair: an active
 * subscription (refused with the start's own words) and bound exchange keys, which it returns.
 */
import type { MemberKey } from '../../exchange/core/gateway';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import type { ExchangeDeps } from '../keys/exchange-deps';
import { KEY_MESSAGES, storedKey } from '../keys/keys';
import { isActive } from '../subscriptions/subscriptions';

export async function startingMemberKey(
  deps: ExchangeDeps & { clock: Clock },
  userId: string,
  subscriptionRequired: string,
): Promise<MemberKey> {
  if (!(await isActive(deps.db, userId, deps.clock))) throw new DomainError('bot.subscription_required', subscriptionRequired);
  const key = await storedKey(deps, userId);
  if (!key) throw new DomainError('keys.missing', KEY_MESSAGES.noKeys);
  return key;
}
