import { Typography } from 'antd';
import { LABELS, TEXT, VALIDATION } from '../../../common/messages';
import type { ReferralStatus } from './useReferralCheck';

/** What the referral check says, read out politely by screen readers as it changes. */
export function ReferralStatusLine({ status, mandatory }: { status: ReferralStatus; mandatory: boolean }) {
  return (
    <div role="status" aria-live="polite" className="referral-status">
      {status.state === 'checking' && <Typography.Text type="secondary">{TEXT.checking}</Typography.Text>}
      {status.state === 'valid' && <Typography.Text type="success">{LABELS.sponsor(status.username)}</Typography.Text>}
      {status.state === 'invalid' && (
        <>
          <Typography.Text type="danger">{status.message}</Typography.Text>
          {mandatory && (
            <div>
              <Typography.Text type="danger">{VALIDATION.referralIdInvalid}</Typography.Text>
            </div>
          )}
        </>
      )}
    </div>
  );
}
