/**
 * A server without a chain (no BSC_RPC_URL): the Deposit screen says deposits are not available
 * instead of failing, and offers neither 'make payment' nor 'sync status'; the history is empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LABELS, TEXT } from '../../common/messages';
import { logInAs, startStack, type Stack } from './support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
  await logInAs(stack);
});
afterAll(async () => {
  await stack?.close();
});

describe('account service screens without a chain', () => {
  it('says deposits are not available on this server', async () => {
    const { page } = stack;
    await stack.open('/Wallet-deposit');
    await page.getByText(ACCOUNT_LABELS.chainUnavailable, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: ACCOUNT_LABELS.makePayment, exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: ACCOUNT_LABELS.syncStatus, exact: true }).isDisabled()).toBe(true);
    await page.getByLabel(ACCOUNT_LABELS.depositHistory, { exact: true }).getByText(TEXT.noRecords).waitFor();
    expect(await page.getByRole('region', { name: ACCOUNT_LABELS.depositAddress }).count()).toBe(0);
  });
});
