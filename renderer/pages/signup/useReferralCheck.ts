/**
 * The referral ID check of SPEC section 4: none -> checking -> valid (sponsor) | invalid
 * (message). It runs 500 ms after typing stops and only for exactly 6 characters; a reply for
 * an ID the member has since changed is dropped.
 */
import { useEffect, useState } from 'react';
import type { ReferralCheckResponse } from '../../../common/api/account';
import { REFERRAL_CHECK_DEBOUNCE_MS, REFERRAL_ID_LENGTH } from '../../../common/constants';
import { UI } from '../../../common/messages';
import { api } from '../../api/client';

export type ReferralStatus =
  { state: 'none' } | { state: 'checking' } | { state: 'valid'; username: string } | { state: 'invalid'; message: string };

const NONE: ReferralStatus = { state: 'none' };

export function referralStatusOf(reply: ReferralCheckResponse): ReferralStatus {
  if (reply.exists) return { state: 'valid', username: reply.username ?? '' };
  // Only the sponsor-without-subscription reason is shown as the server words it.
  if (reply.reason === 'account.sponsor_inactive') {
    return { state: 'invalid', message: reply.message };
  }
  return { state: 'invalid', message: UI.referralNotFound };
}

export function useReferralCheck(rawReferralId: string | undefined): ReferralStatus {
  const referralId = (rawReferralId ?? '').trim();
  const [result, setResult] = useState<{ id: string; status: ReferralStatus }>({
    id: '',
    status: NONE,
  });

  useEffect(() => {
    if (referralId.length !== REFERRAL_ID_LENGTH) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      setResult({ id: referralId, status: { state: 'checking' } });
      api.account.referralCheck({ referralId }).then(
        (reply) => {
          if (current) setResult({ id: referralId, status: referralStatusOf(reply) });
        },
        () => {
          if (current) {
            setResult({ id: referralId, status: { state: 'invalid', message: UI.referralCheckError } });
          }
        },
      );
    }, REFERRAL_CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [referralId]);

  return result.id === referralId ? result.status : NONE;
}
