/**
 * Referral programme (SPEC sections 2 and 8): rewards earned with a Withdraw link, the share
 * text, the member's referral ID (or XXXXXX with the reason in red), the My Team link and the
 * paginated reward history.
 */
import { Card, Col, Row, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { ROUTES, SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { Figure } from '../../components/billing/Figure';
import { formatUsdtOrZero } from '../../../common/format';
import { useProfile } from '../../components/billing/useBillingData';
import { LoadError } from '../../components/states';
import { ReferralCode } from './ReferralCode';
import { RewardHistory } from './RewardHistory';

export default function ReferralPage() {
  const { profile, loading, failed, retry } = useProfile();
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle title={SCREEN_TITLES.referral} />
      {/* Unread, the rewards would say $0.00 and the ID XXXXXX: said as unread instead. */}
      {failed ? (
        <LoadError onRetry={retry} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <Figure
              title={ACCOUNT_LABELS.rewardsEarned}
              value={`$${formatUsdtOrZero(profile?.usdtRewardToken ?? '0')}`}
              loading={loading}
              extra={<Link to={ROUTES.withdraw}>{ACCOUNT_LABELS.withdraw}</Link>}
            />
          </Col>
          <Col xs={24} md={12}>
            <ReferralCode profile={profile} loading={loading} />
          </Col>
        </Row>
      )}
      <Card>
        <Typography.Paragraph>{ACCOUNT_LABELS.referralShare}</Typography.Paragraph>
        <Link to={ROUTES.myTeam}>{ACCOUNT_LABELS.myTeam}</Link>
      </Card>
      <Card title={ACCOUNT_LABELS.rewardHistory}>
        <RewardHistory />
      </Card>
    </Space>
  );
}
