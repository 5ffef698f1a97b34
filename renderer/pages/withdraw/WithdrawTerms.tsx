/**
 * What a withdrawal costs and allows, shown before the member submits (issue 20): the minimum,
 * the BEP-20 network fee taken from the amount, what reaches the address for the amount typed,
 * and the member's pending and last-24-hours counts against their caps.
 */
import { Descriptions } from 'antd';
import type { WithdrawalLimits } from '../../../common/api/billing';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { arrivingAmount } from './withdrawErrors';

export function WithdrawTerms({ limits, amount }: { limits: WithdrawalLimits; amount: string | undefined }) {
  const arrives = arrivingAmount(amount, limits.fee);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      aria-label={ACCOUNT_LABELS.withdrawTerms}
      items={[
        { key: 'minimum', label: ACCOUNT_LABELS.withdrawMinimum, children: ACCOUNT_LABELS.usdtAmount(limits.minimum) },
        { key: 'fee', label: ACCOUNT_LABELS.withdrawFee, children: ACCOUNT_LABELS.usdtAmount(limits.fee) },
        {
          key: 'arrives',
          label: ACCOUNT_LABELS.withdrawArrives,
          children: arrives === null ? '-' : ACCOUNT_LABELS.usdtAmount(arrives),
        },
        {
          key: 'pending',
          label: ACCOUNT_LABELS.withdrawPending,
          children: ACCOUNT_LABELS.withdrawCountOf(limits.pending, limits.pendingMax),
        },
        {
          key: 'lastDay',
          label: ACCOUNT_LABELS.withdrawLastDay,
          children: ACCOUNT_LABELS.withdrawCountOf(limits.lastDay, limits.dailyMax),
        },
      ]}
    />
  );
}
