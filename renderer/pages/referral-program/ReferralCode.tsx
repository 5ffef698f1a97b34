/** 'My Referral ID' with a copy button, or XXXXXX and userCodeMsg in red when it may not be shown. */
import { Typography } from 'antd';
import type { UserProfile } from '../../../common/api/account';
import { ACCOUNT_LABELS, TEXT, UI } from '../../../common/messages';
import { CopyButton } from '../../components/billing/CopyButton';
import { Figure } from '../../components/billing/Figure';

export function ReferralCode({ profile, loading }: { profile: UserProfile | null; loading: boolean }) {
  const shown = profile?.isShowUserCode === true && !!profile.userCode;
  return (
    <Figure
      title={ACCOUNT_LABELS.myReferralId}
      value={shown ? profile.userCode : TEXT.hiddenReferralCode}
      loading={loading}
      extra={shown && <CopyButton text={profile.userCode} done={UI.referralCopied} label={ACCOUNT_LABELS.copyReferralId} />}
      footer={!shown && profile?.userCodeMsg && <Typography.Text type="danger">{profile.userCodeMsg}</Typography.Text>}
    />
  );
}
