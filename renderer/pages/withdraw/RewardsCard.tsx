/** The USDT rewards earned, and the button that opens the reward swap. */
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import { Button } from 'antd';
import { useState } from 'react';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { Figure } from '../../components/billing/Figure';
import { money } from '../../components/billing/format';
import { RewardSwapModal } from './RewardSwapModal';

export function RewardsCard({ rewards, loading }: { rewards: string | null; loading: boolean }) {
  const [swapping, setSwapping] = useState(false);
  return (
    <>
      <Figure
        title={ACCOUNT_LABELS.rewardsEarned}
        value={`$${money(rewards)}`}
        loading={loading}
        extra={
          <Button icon={<SwapOutlined />} onClick={() => setSwapping(true)}>
            {ACCOUNT_LABELS.swapRewards}
          </Button>
        }
      />
      <RewardSwapModal open={swapping} balance={rewards ?? '0'} onClose={() => setSwapping(false)} />
    </>
  );
}
