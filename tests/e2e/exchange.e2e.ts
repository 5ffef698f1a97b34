/**
 * The exchange layer end to end as a fresh member (on the server the run shares: support/
 * stack.ts): API Setting with invalid and then real simulator keys, the wallet's balances, a
 * transfer each way, a swap, the live ticker, and the disconnect. Real renderer, main's
 * handlers (bridged), server, ccxt and simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_LABELS, SERVER, UI } from '../../common/messages';
import { KEY_MESSAGES } from '../../server/modules/keys/keys';
import { settledDialog } from './support/dialogs';
import { logInAs, startStack, type Stack } from './support/stack';

let stack: Stack;
let keys: { apiKey: string; secretKey: string };

async function simulatorKeys(extra: Record<string, unknown> = {}): Promise<{ apiKey: string; secretKey: string }> {
  const response = await fetch(`${stack.simUrl}/sim/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      balances: { USDT: '10000', BTC: '0.5' },
      futuresBalances: { USDT: '1000' },
      ...extra,
    }),
  });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as { apiKey: string; secretKey: string };
}

beforeAll(async () => {
  stack = await startStack({}, { shareServer: true });
  keys = await simulatorKeys();
  await logInAs(stack);
});
afterAll(async () => {
  await stack?.close();
});

const button = (name: string) => stack.page.getByRole('button', { name, exact: true });
const seen = (text: string) => stack.page.getByText(text, { exact: true }).first().waitFor();
const dialog = () => settledDialog(stack.page);

async function fillKeys(apiKey: string, secretKey: string) {
  await stack.page.getByLabel(EXCHANGE_LABELS.apiKey, { exact: true }).fill(apiKey);
  await stack.page.getByLabel(EXCHANGE_LABELS.secretKey, { exact: true }).fill(secretKey);
  await button(EXCHANGE_LABELS.submit).click();
}

async function cardFigure(title: string): Promise<string> {
  const figure = stack.page.getByRole('group', { name: title });
  await figure.getByText(/^\d+\.\d{2}$/).waitFor();
  return (await figure.getByText(/^\d+\.\d{2}$/).textContent()) ?? '';
}

async function transfer(direction: string, amount: string) {
  // The page's button carries an icon, so its name is not exactly 'Transfer'.
  await stack.page.getByRole('button', { name: EXCHANGE_LABELS.transfer }).first().click();
  await dialog().getByText(direction, { exact: true }).click();
  await dialog().getByLabel(EXCHANGE_LABELS.amount).fill(amount);
  await dialog().getByRole('button', { name: EXCHANGE_LABELS.transfer, exact: true }).click();
  await seen(SERVER.transferSuccessful);
  await dialog().waitFor({ state: 'hidden' });
}

describe('exchange', () => {
  it('shows the whitelist banner and the live ticker on the dashboard', async () => {
    await seen(EXCHANGE_LABELS.dashboardWarning);
    await stack.page.locator('.ticker-list:not([aria-hidden]) [data-symbol="BTCUSDT"]').waitFor();
    expect(await stack.page.locator('.ticker-list:not([aria-hidden]) .ticker-item').count()).toBeGreaterThanOrEqual(20);
  });

  it('binds keys: invalid or withdrawal-enabled ones are refused with the reason, simulator keys connect', async () => {
    await stack.open('/api-setting');
    await seen(EXCHANGE_LABELS.disconnected);
    await fillKeys('not-a-key', 'not-a-secret');
    await seen(KEY_MESSAGES.invalid);
    const withdrawing = await simulatorKeys({ canWithdraw: true });
    await fillKeys(withdrawing.apiKey, withdrawing.secretKey);
    await seen(KEY_MESSAGES.withdrawals);
    await seen(EXCHANGE_LABELS.disconnected);

    await fillKeys(keys.apiKey, keys.secretKey);
    await seen(UI.apiKeysSaved);
    await seen(EXCHANGE_LABELS.connected);
    // The connected view fills the read-only key once 'keys:fetch' answers: poll, don't race it.
    await expect.poll(() => stack.page.getByLabel(EXCHANGE_LABELS.apiKey, { exact: true }).inputValue()).toBe(keys.apiKey);
    await expect
      .poll(() => stack.page.getByLabel(EXCHANGE_LABELS.secretKey, { exact: true }).inputValue())
      .toBe('\u2022'.repeat(64));
    expect(await stack.page.content()).not.toContain(keys.secretKey);
  });

  it('shows the balances, transfers both ways and swaps BTC to USDT', async () => {
    await stack.open('/mywallet');
    expect(await cardFigure(EXCHANGE_LABELS.spotUsdt)).toBe('10000.00');
    expect(await cardFigure(EXCHANGE_LABELS.futuresUsdt)).toBe('1000.00');
    expect(await cardFigure(EXCHANGE_LABELS.totalUsdt)).toBe('11000.00');

    await transfer(EXCHANGE_LABELS.spotToFutures, '250');
    await stack.page.getByRole('group', { name: EXCHANGE_LABELS.futuresUsdt }).getByText('1250.00').waitFor();
    await transfer(EXCHANGE_LABELS.futuresToSpot, '50.5');
    await stack.page.getByRole('group', { name: EXCHANGE_LABELS.spotUsdt }).getByText('9800.50').waitFor();

    await stack.page.getByLabel(`${EXCHANGE_LABELS.swap} BTC`).click();
    await dialog().getByLabel(EXCHANGE_LABELS.amount).fill('0.1');
    await dialog().getByRole('button', { name: EXCHANGE_LABELS.swap, exact: true }).click();
    await seen(SERVER.swapSuccessful);
    await stack.page.getByRole('cell', { name: '0.4', exact: true }).waitFor();
  });

  it('disconnects after the confirm dialog', async () => {
    await stack.open('/api-setting');
    await seen(EXCHANGE_LABELS.connected);
    await button(EXCHANGE_LABELS.disconnect).click();
    await dialog().getByRole('button', { name: EXCHANGE_LABELS.disconnect, exact: true }).click();
    await seen(UI.disconnected);
    await seen(EXCHANGE_LABELS.disconnected);
  });
});
