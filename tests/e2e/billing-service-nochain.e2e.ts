/**
 * A server without a chain (no BSC_RPC_URL): the Deposit screen says deposits are not available
 * instead of failing, and offers neither 'make payment' nor 'sync status'; the history is empty.
 * The Withdraw screen says withdrawals are not available and keeps its form from sending, while
 * the rewards earned, the reward swap and the history stay (they need no chain).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LABELS, TEXT } from '../../common/messages';
import { startSignedIn, type Stack } from './support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startSignedIn({}, { shareServer: true });
});
afterAll(async () => {
  await stack?.close();
});

describe('billing service screens without a chain', () => {
  it('says deposits are not available on this server', async () => {
    const { page } = stack;
    await stack.open('/Wallet-deposit');
    await page.getByText(ACCOUNT_LABELS.chainUnavailable, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: ACCOUNT_LABELS.makePayment, exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: ACCOUNT_LABELS.syncStatus, exact: true }).isDisabled()).toBe(true);
    await page.getByLabel(ACCOUNT_LABELS.depositHistory, { exact: true }).getByText(TEXT.noRecords).waitFor();
    expect(await page.getByRole('region', { name: ACCOUNT_LABELS.depositAddress }).count()).toBe(0);
  });

  it('says withdrawals are not available on this server, keeping the rewards and the swap', async () => {
    const { page } = stack;
    await stack.open('/withdraw');
    await page.getByText(ACCOUNT_LABELS.withdrawalsUnavailable, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: ACCOUNT_LABELS.withdraw, exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel(ACCOUNT_LABELS.toAddress, { exact: true }).isDisabled()).toBe(true);
    await page
      .getByRole('group', { name: ACCOUNT_LABELS.rewardsEarned, exact: true })
      .getByText('$0.00', { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`${ACCOUNT_LABELS.swapRewards}$`) }).isEnabled()).toBe(true);
    await page.getByLabel(ACCOUNT_LABELS.withdrawHistory, { exact: true }).getByText(TEXT.noRecords).waitFor();
  });
});
