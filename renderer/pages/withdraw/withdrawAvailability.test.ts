import { describe, expect, it } from 'vitest';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { withdrawBlockedReason } from './withdrawAvailability';

describe('withdrawBlockedReason', () => {
  it.each(['0', '0.00', '-1'])('blocks %j of rewards: there is nothing to withdraw', (rewards) => {
    expect(withdrawBlockedReason(rewards, '10')).toBe(ACCOUNT_LABELS.withdrawNoRewards);
  });

  it('blocks rewards below the minimum, naming both', () => {
    expect(withdrawBlockedReason('9.999', '10')).toBe(ACCOUNT_LABELS.withdrawRewardsBelowMinimum('9.99', '10'));
    expect(withdrawBlockedReason('2.5', '10.50')).toBe(ACCOUNT_LABELS.withdrawRewardsBelowMinimum('2.50', '10.5'));
  });

  it('lets rewards at or above the minimum through', () => {
    expect(withdrawBlockedReason('10', '10')).toBeNull();
    expect(withdrawBlockedReason('12.5', '10')).toBeNull();
  });

  it('blocks nothing while a figure is unknown, only an empty balance without a minimum', () => {
    expect(withdrawBlockedReason(null, '10')).toBeNull();
    expect(withdrawBlockedReason(undefined, undefined)).toBeNull();
    expect(withdrawBlockedReason('not a number', '10')).toBeNull();
    expect(withdrawBlockedReason('5', undefined)).toBeNull();
    expect(withdrawBlockedReason('0', undefined)).toBe(ACCOUNT_LABELS.withdrawNoRewards);
  });
});
