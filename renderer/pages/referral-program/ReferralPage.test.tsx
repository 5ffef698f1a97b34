import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LevelRewardRecord, Paged } from '../../../common/api/subscriptions';
import { ACCOUNT_LABELS, BOT_LABELS, TEXT, UI } from '../../../common/messages';
import { emptyPage, pageOf, stubClipboard, tableRows, userProfile } from '../../components/billing/testing/fixtures';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';
import { expectConsoleErrors } from '../../testing/console';

const reward = (n: number): LevelRewardRecord => ({
  id: `r${n}`,
  amount: `${n}.5`,
  percentage: '5',
  fromUserName: `friend${n}`,
  createdAt: '2026-11-20T10:00:00Z',
});

function open(profile = userProfile(), rewards: (page: number) => Paged<LevelRewardRecord> = () => emptyPage()): FakeBridge {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('account:profile', () => ok(profile));
  bridge.handle('billing:levelIncome', ({ page }) => ok(rewards(page)));
  renderApp('/referral-program');
  return bridge;
}

const figure = (title: string) => screen.findByRole('group', { name: title });
const pager = () => screen.queryByRole('navigation', { name: BOT_LABELS.pagination });

describe('referral programme', () => {
  it('shows the rewards earned as dollars, the share text, and links to Withdraw and My Team', async () => {
    open();
    const rewards = await figure(ACCOUNT_LABELS.rewardsEarned);
    await waitFor(() => expect(within(rewards).getByText('$25.50')).toBeTruthy());
    expect(screen.getByText(ACCOUNT_LABELS.referralShare)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: ACCOUNT_LABELS.myTeam }));
    await waitFor(() => expect(currentPath()).toBe('/my-team'));
  });

  it('links Rewards Earned to Withdraw', async () => {
    open();
    fireEvent.click(await within(await figure(ACCOUNT_LABELS.rewardsEarned)).findByRole('link', { name: ACCOUNT_LABELS.withdraw }));
    await waitFor(() => expect(currentPath()).toBe('/withdraw'));
  });

  it('shows 0 rewards when usdtRewardToken is absent, and only logs a failed profile fetch', async () => {
    const errors = expectConsoleErrors();
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('account:profile', () => fail(500, 'boom'));
    bridge.handle('billing:levelIncome', () => ok(emptyPage()));
    renderApp('/referral-program');
    await waitFor(() => expect(within(screen.getByRole('group', { name: ACCOUNT_LABELS.rewardsEarned })).getByText('$0.00')).toBeTruthy());
    expect(within(screen.getByRole('group', { name: ACCOUNT_LABELS.myReferralId })).getByText(TEXT.hiddenReferralCode)).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("copies the referral ID and says 'Referral ID copied successfully!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    open();
    const code = await figure(ACCOUNT_LABELS.myReferralId);
    await waitFor(() => expect(within(code).getByText('ABC123')).toBeTruthy());
    fireEvent.click(within(code).getByRole('button', { name: ACCOUNT_LABELS.copyReferralId }));
    expect(await screen.findByText(UI.referralCopied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('ABC123');
  });

  it('shows XXXXXX and userCodeMsg in red, without a copy button, when the code may not be shown', async () => {
    open(userProfile({ isShowUserCode: false, userCode: 'ABC123', userCodeMsg: 'Buy a subscription to unlock your referral ID.' }));
    const code = await figure(ACCOUNT_LABELS.myReferralId);
    await waitFor(() => expect(within(code).getByText(TEXT.hiddenReferralCode)).toBeTruthy());
    expect(within(code).queryByText('ABC123')).toBeNull();
    expect(within(code).queryByRole('button', { name: ACCOUNT_LABELS.copyReferralId })).toBeNull();
    const msg = within(code).getByText('Buy a subscription to unlock your referral ID.');
    expect(msg.closest('.ant-typography-danger')).not.toBeNull();
  });

  it("shows 'Loading...' while the reward history loads, then 'No Records Found.' without Previous/Next", async () => {
    const gate = deferred<ReturnType<typeof ok<Paged<LevelRewardRecord>>>>();
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('account:profile', () => ok(userProfile()));
    bridge.handle('billing:levelIncome', () => gate.promise);
    renderApp('/referral-program');
    expect(await screen.findByText(TEXT.loading)).toBeTruthy();
    gate.resolve(ok(emptyPage()));
    expect(await screen.findByText(TEXT.noRecords)).toBeTruthy();
    expect(pager()).toBeNull();
  });

  it('has the columns No, Amount, %, Referred User, Date and no pager for a single page', async () => {
    open(userProfile(), () => pageOf(reward, 1, 1));
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.rewardHistory)).toHaveLength(7));
    const table = screen.getByLabelText(ACCOUNT_LABELS.rewardHistory);
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      ACCOUNT_LABELS.colNo, ACCOUNT_LABELS.colAmount, ACCOUNT_LABELS.colPercent, ACCOUNT_LABELS.colReferredUser, ACCOUNT_LABELS.colDate,
    ]);
    expect(tableRows(ACCOUNT_LABELS.rewardHistory)[0]?.slice(0, 4)).toEqual(['1', '$1.50', '5%', 'friend1']);
    expect(pager()).toBeNull();
  });

  it('pages with Previous/Next past one page and numbers rows on across pages', async () => {
    const bridge = open(userProfile(), (page) => pageOf(reward, page, 2));
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.rewardHistory)).toHaveLength(10));
    const nav = pager()!;
    expect(within(nav).getByRole('button', { name: BOT_LABELS.previous })).toHaveProperty('disabled', true);
    fireEvent.click(within(nav).getByRole('button', { name: BOT_LABELS.next }));
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.rewardHistory)[0]?.[0]).toBe('11'));
    expect(tableRows(ACCOUNT_LABELS.rewardHistory).map((row) => row[0])).toEqual(['11', '12', '13', '14', '15', '16', '17']);
    expect(tableRows(ACCOUNT_LABELS.rewardHistory)[0]?.[3]).toBe('friend11');
    expect(bridge.callsTo('billing:levelIncome')).toEqual([{ page: 1 }, { page: 2 }]);
    expect(within(pager()!).getByRole('button', { name: BOT_LABELS.next })).toHaveProperty('disabled', true);
  });

  it('only logs a failed reward history fetch and shows no records', async () => {
    const errors = expectConsoleErrors();
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('account:profile', () => ok(userProfile()));
    bridge.handle('billing:levelIncome', () => fail(500, 'boom'));
    renderApp('/referral-program');
    expect(await screen.findByText(TEXT.noRecords)).toBeTruthy();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(ACCOUNT_LABELS.rewardHistory), expect.anything());
  });
});
