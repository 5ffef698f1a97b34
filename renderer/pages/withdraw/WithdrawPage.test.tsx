import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WithdrawRecord, WithdrawStatus } from '../../../common/api/billing';
import { ACCOUNT_LABELS, SERVER, TEXT, VALIDATION } from '../../../common/messages';
import { emptyPage, tableRows, walletUserData } from '../../components/billing/testing/fixtures';
import { SIGNED_IN, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { renderApp } from '../../testing/renderApp';

const ADDRESS = `0x${'Ab'.repeat(20)}`;
const record = (id: string, status: WithdrawStatus): WithdrawRecord => ({
  id,
  amount: '10',
  toAddress: ADDRESS,
  status,
  createdAt: '2026-11-20T10:00:00Z',
});

function open(records: WithdrawRecord[] = [], userData = walletUserData()): FakeBridge {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('billing:userData', () => ok(userData));
  bridge.handle('billing:withdrawals', () =>
    ok(records.length ? { records, current: 1, pages: 1, total: records.length } : emptyPage()),
  );
  bridge.handle('billing:withdraw', () =>
    ok({ message: 'Withdrawal requested.', data: { id: 'w9', status: 'PENDING' as const } }),
  );
  bridge.handle('billing:swapReward', () =>
    ok({ message: 'Rewards swapped to USDT.', data: { usdtToken: '125', usdtRewardToken: '7.5' } }),
  );
  renderApp('/withdraw');
  return bridge;
}

const amountInput = () => screen.findByLabelText(ACCOUNT_LABELS.colAmount);
const submit = () => fireEvent.click(screen.getByRole('button', { name: ACCOUNT_LABELS.withdraw }));

async function openSwap() {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`${ACCOUNT_LABELS.swapRewards}$`) }));
  return screen.findByRole('dialog');
}

describe('withdraw', () => {
  it('shows the rewards earned in dollars', async () => {
    open();
    const rewards = await screen.findByRole('group', { name: ACCOUNT_LABELS.rewardsEarned });
    await waitFor(() => expect(within(rewards).getByText('$12.50')).toBeTruthy());
  });

  it('keeps only digits and dots in the amount', async () => {
    open();
    const input = await amountInput();
    fireEvent.change(input, { target: { value: '1a2,.5 b$' } });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('12.5'));
  });

  it("asks for both fields: 'Amount is required.' and 'Address is required.'", async () => {
    const bridge = open();
    await amountInput();
    submit();
    expect(await screen.findByText(VALIDATION.amountRequired)).toBeTruthy();
    expect(await screen.findByText(VALIDATION.addressRequired)).toBeTruthy();
    expect(bridge.callsTo('billing:withdraw')).toEqual([]);
  });

  it("withdraws, shows the service's msg and reads the history again", async () => {
    const bridge = open();
    fireEvent.change(await amountInput(), { target: { value: '10.5' } });
    fireEvent.change(screen.getByLabelText(ACCOUNT_LABELS.toAddress), { target: { value: ` ${ADDRESS} ` } });
    await waitFor(() => expect(bridge.callsTo('billing:withdrawals')).toHaveLength(1));
    submit();
    expect(await screen.findByText('Withdrawal requested.')).toBeTruthy();
    expect(bridge.callsTo('billing:withdraw')).toEqual([{ amount: '10.5', toAddress: ADDRESS }]);
    await waitFor(() => expect(bridge.callsTo('billing:withdrawals')).toHaveLength(2));
  });

  it("shows the service's error msg when it refuses a withdrawal", async () => {
    const bridge = open();
    bridge.handle('billing:withdraw', () => fail(400, 'Insufficient reward balance.'));
    fireEvent.change(await amountInput(), { target: { value: '999' } });
    fireEvent.change(screen.getByLabelText(ACCOUNT_LABELS.toAddress), { target: { value: ADDRESS } });
    submit();
    expect(await screen.findByText('Insufficient reward balance.')).toBeTruthy();
  });

  it('shows SUCCESS as good and every other status as failed', async () => {
    open([record('a', 'SUCCESS'), record('b', 'PENDING'), record('c', 'FAILED')]);
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.withdrawHistory)).toHaveLength(3));
    expect(tableRows(ACCOUNT_LABELS.withdrawHistory).map((row) => row.slice(0, 4))).toEqual([
      ['1', '10.00', ADDRESS, 'SUCCESS'],
      ['2', '10.00', ADDRESS, 'PENDING'],
      ['3', '10.00', ADDRESS, 'FAILED'],
    ]);
    const tag = (text: string) => screen.getByText(text, { selector: '.ant-tag' });
    expect(tag('SUCCESS').className).toMatch(/ant-tag-green/);
    expect(tag('PENDING').className).toMatch(/ant-tag-red/);
    expect(tag('FAILED').className).toMatch(/ant-tag-red/);
  });

  it("says 'No Records Found.' without withdrawals", async () => {
    open();
    expect(await screen.findByText(TEXT.noRecords)).toBeTruthy();
  });
});

describe('withdrawal terms and limits', () => {
  const LIMITS = { minimum: '10', fee: '1', pendingMax: 3, pending: 1, dailyMax: 10, lastDay: 2 };
  const term = (terms: HTMLElement, label: string) => within(terms).getByText(label).closest('tr')!.textContent;

  it('shows the minimum, the fee, what arrives for the amount typed and the pending and daily counts before submitting', async () => {
    open([], walletUserData({ withdrawalLimits: LIMITS }));
    const terms = await screen.findByLabelText(ACCOUNT_LABELS.withdrawTerms);
    expect(term(terms, ACCOUNT_LABELS.withdrawMinimum)).toContain('10 USDT');
    expect(term(terms, ACCOUNT_LABELS.withdrawFee)).toContain('1 USDT');
    expect(term(terms, ACCOUNT_LABELS.withdrawArrives)).toContain('-');
    expect(term(terms, ACCOUNT_LABELS.withdrawPending)).toContain('1 of 3');
    expect(term(terms, ACCOUNT_LABELS.withdrawLastDay)).toContain('2 of 10');
    fireEvent.change(await amountInput(), { target: { value: '12.5' } });
    await waitFor(() => expect(term(terms, ACCOUNT_LABELS.withdrawArrives)).toContain('11.5 USDT'));
  });

  it('refuses an amount below the minimum before sending, in the words the server uses', async () => {
    const bridge = open([], walletUserData({ withdrawalLimits: { ...LIMITS, minimum: '5', fee: '0.25' } }));
    await screen.findByLabelText(ACCOUNT_LABELS.withdrawTerms); // the terms have arrived
    fireEvent.change(await amountInput(), { target: { value: '4.99' } });
    fireEvent.change(screen.getByLabelText(ACCOUNT_LABELS.toAddress), { target: { value: ADDRESS } });
    submit();
    expect(await screen.findByText(SERVER.withdrawBelowMinimum('5', '0.25'))).toBeTruthy();
    expect(bridge.callsTo('billing:withdraw')).toEqual([]);
    fireEvent.change(await amountInput(), { target: { value: '5' } });
    submit();
    await waitFor(() => expect(bridge.callsTo('billing:withdraw')).toEqual([{ amount: '5', toAddress: ADDRESS }]));
  });

  it.each([
    [
      'the pending cap',
      fail(409, SERVER.withdrawPendingLimit(3), 'billing.withdrawal_pending_limit'),
      SERVER.withdrawPendingLimit(3),
    ],
    [
      'the daily cap, worded from the terms shown when the answer has no message',
      fail(429, '', 'billing.withdrawal_daily_limit'),
      SERVER.withdrawDailyLimit(10),
    ],
    [
      'the minimum raised meanwhile',
      fail(400, SERVER.withdrawBelowMinimum('20', '1'), 'billing.withdrawal_below_minimum'),
      SERVER.withdrawBelowMinimum('20', '1'),
    ],
    [
      'a platform deposit address, pointing to the reward swap',
      fail(400, 'refused', 'billing.withdrawal_to_platform_address'),
      SERVER.withdrawToPlatformAddress,
    ],
  ])('shows a refusal for %s by its reason', async (_case, refusal, words) => {
    const bridge = open([], walletUserData({ withdrawalLimits: LIMITS }));
    bridge.handle('billing:withdraw', () => refusal);
    await screen.findByLabelText(ACCOUNT_LABELS.withdrawTerms);
    fireEvent.change(await amountInput(), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(ACCOUNT_LABELS.toAddress), { target: { value: ADDRESS } });
    submit();
    expect(await screen.findByText(words)).toBeTruthy();
  });
});

describe('without payouts on this server', () => {
  const payoutsOff = () => open([], walletUserData({ withdrawalsEnabled: false }));
  const withdrawButton = () => screen.getByRole('button', { name: ACCOUNT_LABELS.withdraw }) as HTMLButtonElement;

  it('says withdrawals are not available and disables the withdraw button', async () => {
    const bridge = payoutsOff();
    expect(await screen.findByText(ACCOUNT_LABELS.withdrawalsUnavailable)).toBeTruthy();
    expect(withdrawButton().disabled).toBe(true);
    submit();
    expect(bridge.callsTo('billing:withdraw')).toEqual([]);
  });

  it('still shows the rewards earned, the history and the reward swap', async () => {
    const bridge = payoutsOff();
    const rewards = await screen.findByRole('group', { name: ACCOUNT_LABELS.rewardsEarned });
    await waitFor(() => expect(within(rewards).getByText('$12.50')).toBeTruthy());
    expect(await screen.findByText(TEXT.noRecords)).toBeTruthy();
    const modal = await openSwap();
    fireEvent.change(within(modal).getByLabelText(ACCOUNT_LABELS.swapAmount), { target: { value: '5' } });
    fireEvent.click(within(modal).getByRole('button', { name: ACCOUNT_LABELS.swap }));
    expect(await screen.findByText('Rewards swapped to USDT.')).toBeTruthy();
    expect(bridge.callsTo('billing:swapReward')).toEqual([{ amount: '5' }]);
  });

  it('shows no notice when the server pays withdrawals', async () => {
    const bridge = open();
    await waitFor(() => expect(bridge.callsTo('billing:userData')).toHaveLength(1));
    const rewards = await screen.findByRole('group', { name: ACCOUNT_LABELS.rewardsEarned });
    await waitFor(() => expect(within(rewards).getByText('$12.50')).toBeTruthy());
    expect(screen.queryByText(ACCOUNT_LABELS.withdrawalsUnavailable)).toBeNull();
    expect(withdrawButton().disabled).toBe(false);
  });
});

describe('with too little to withdraw', () => {
  const withdrawButton = () => screen.getByRole('button', { name: ACCOUNT_LABELS.withdraw }) as HTMLButtonElement;

  it('disables the withdraw button at $0.00 of rewards and says why', async () => {
    const bridge = open([], walletUserData({ usdtRewardToken: '0' }));
    expect(await screen.findByText(ACCOUNT_LABELS.withdrawNoRewards)).toBeTruthy();
    expect(withdrawButton().disabled).toBe(true);
    fireEvent.change(await amountInput(), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(ACCOUNT_LABELS.toAddress), { target: { value: ADDRESS } });
    submit();
    expect(bridge.callsTo('billing:withdraw')).toEqual([]);
  });

  it('disables it below the minimum, naming the rewards and the minimum', async () => {
    open([], walletUserData({ usdtRewardToken: '7.25' }));
    expect(await screen.findByText(ACCOUNT_LABELS.withdrawRewardsBelowMinimum('7.25', '10'))).toBeTruthy();
    expect(withdrawButton().disabled).toBe(true);
  });

  it('enables it, with no reason shown, once the rewards reach the minimum', async () => {
    open([], walletUserData({ usdtRewardToken: '10' }));
    await screen.findByLabelText(ACCOUNT_LABELS.withdrawTerms);
    expect(withdrawButton().disabled).toBe(false);
    expect(screen.queryByText(ACCOUNT_LABELS.withdrawNoRewards)).toBeNull();
  });
});

describe('reward swap', () => {
  it.each([
    ['', VALIDATION.amountRequired],
    ['abc', VALIDATION.amountNumber],
    ['0', VALIDATION.amountPositive],
    ['12.51', VALIDATION.amountAtMost('12.5')],
  ])('refuses %j with the SPEC message', async (value, text) => {
    const bridge = open();
    await waitFor(() => expect(bridge.callsTo('billing:userData')).toHaveLength(1));
    const modal = await openSwap();
    fireEvent.change(within(modal).getByLabelText(ACCOUNT_LABELS.swapAmount), { target: { value } });
    fireEvent.click(within(modal).getByRole('button', { name: ACCOUNT_LABELS.swap }));
    expect(await within(modal).findByText(text)).toBeTruthy();
    expect(bridge.callsTo('billing:swapReward')).toEqual([]);
  });

  it("swaps, shows the service's msg, closes and reads the balances again", async () => {
    const bridge = open();
    await waitFor(() => expect(bridge.callsTo('billing:userData')).toHaveLength(1));
    const modal = await openSwap();
    fireEvent.change(within(modal).getByLabelText(ACCOUNT_LABELS.swapAmount), { target: { value: '5' } });
    fireEvent.click(within(modal).getByRole('button', { name: ACCOUNT_LABELS.swap }));
    expect(await screen.findByText('Rewards swapped to USDT.')).toBeTruthy();
    expect(bridge.callsTo('billing:swapReward')).toEqual([{ amount: '5' }]);
    await waitFor(() => expect(bridge.callsTo('billing:userData')).toHaveLength(2));
    // jsdom never ends antd's leave animation: the modal closing is as far as it gets.
    await waitFor(() => expect(modal.className).toMatch(/ant-zoom-leave/));
  });

  it("shows the service's error msg and keeps the form open", async () => {
    const bridge = open();
    bridge.handle('billing:swapReward', () => fail(400, 'Insufficient reward balance.'));
    await waitFor(() => expect(bridge.callsTo('billing:userData')).toHaveLength(1));
    const modal = await openSwap();
    fireEvent.change(within(modal).getByLabelText(ACCOUNT_LABELS.swapAmount), { target: { value: '5' } });
    fireEvent.click(within(modal).getByRole('button', { name: ACCOUNT_LABELS.swap }));
    expect(await screen.findByText('Insufficient reward balance.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
