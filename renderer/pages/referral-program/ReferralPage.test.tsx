import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LevelRewardRecord, Paged } from '../../../common/api/subscriptions';
import { ACCOUNT_LABELS, BOT_LABELS, STATE_LABELS, TEXT, UI } from '../../../common/messages';
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
    fireEvent.click(
      await within(await figure(ACCOUNT_LABELS.rewardsEarned)).findByRole('link', { name: ACCOUNT_LABELS.withdraw }),
    );
    await waitFor(() => expect(currentPath()).toBe('/withdraw'));
  });

  it('shows 0 rewards when usdtRewardToken is absent', async () => {
    open(userProfile({ usdtRewardToken: undefined }));
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: ACCOUNT_LABELS.rewardsEarned })).getByText('$0.00')).toBeTruthy(),
    );
  });

  it('says the profile could not be loaded instead of $0.00 and XXXXXX, and Retry reads it again', async () => {
    const errors = expectConsoleErrors();
    const bridge = open();
    bridge.handle('account:profile', () => fail(500, 'boom'));
    expect(await screen.findByText(STATE_LABELS.loadFailed)).toBeTruthy();
    expect(screen.queryByText('$0.00')).toBeNull();
    expect(screen.queryByText(TEXT.hiddenReferralCode)).toBeNull();
    expect(errors).toHaveBeenCalled();
    bridge.handle('account:profile', () => ok(userProfile()));
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: ACCOUNT_LABELS.rewardsEarned })).getByText('$25.50')).toBeTruthy(),
    );
    expect(screen.queryByText(STATE_LABELS.loadFailed)).toBeNull();
  });

  it('shows a skeleton, not $0.00, while the profile loads', async () => {
    const bridge = open();
    const pending = deferred<ReturnType<typeof ok<ReturnType<typeof userProfile>>>>();
    bridge.handle('account:profile', () => pending.promise);
    const rewards = await figure(ACCOUNT_LABELS.rewardsEarned);
    expect(rewards.querySelector('.ant-skeleton')).not.toBeNull();
    expect(within(rewards).queryByText('$0.00')).toBeNull();
    pending.resolve(ok(userProfile()));
    await waitFor(() => expect(within(rewards).getByText('$25.50')).toBeTruthy());
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
    open(
      userProfile({ isShowUserCode: false, userCode: 'ABC123', userCodeMsg: 'Buy a subscription to unlock your referral ID.' }),
    );
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
      ACCOUNT_LABELS.colNo,
      ACCOUNT_LABELS.colAmount,
      ACCOUNT_LABELS.colPercent,
      ACCOUNT_LABELS.colReferredUser,
      ACCOUNT_LABELS.colDate,
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

  it('says a failed reward history fetch could not be loaded (not no records), and Retry reads it again', async () => {
    const errors = expectConsoleErrors();
    const bridge = open();
    bridge.handle('billing:levelIncome', () => fail(500, 'boom'));
    expect(await screen.findByText(STATE_LABELS.loadFailed)).toBeTruthy();
    expect(screen.queryByText(TEXT.noRecords)).toBeNull();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(ACCOUNT_LABELS.rewardHistory), expect.anything());
    bridge.handle('billing:levelIncome', ({ page }) => ok(pageOf(reward, page, 1)));
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.rewardHistory).length).toBeGreaterThan(0));
  });

  it('keeps No and Amount fixed while the rest scroll, amounts on one line', async () => {
    open(userProfile(), (page) => pageOf(reward, page, 1));
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.rewardHistory).length).toBeGreaterThan(0));
    const table = screen.getByRole('table', { name: ACCOUNT_LABELS.rewardHistory });
    const cells = table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row td');
    expect(cells[0]!.className).toMatch(/ant-table-cell-fix/);
    expect(cells[1]!.className).toMatch(/ant-table-cell-fix/);
    expect(cells[1]!.style.whiteSpace).toBe('nowrap');
  });
});
