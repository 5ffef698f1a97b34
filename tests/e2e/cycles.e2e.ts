/**
 * Cycles end to end as a fresh member (on a shared server: support/stack.ts): keys bound, a cycle
 * started from the Cycle page with the suggested prices shown, a second start on the same pair
 * refused with the server's words, resting limits filled as the simulator's price crosses them
 * (waiting on the griddesk_engine_price gauge, never on sleeps), the half step and the completed
 * count on the card, an edit refused by its rule and then taken, Stop & Sell, Stop before a buy, a
 * stop loss and a completion each notified by main, and a click on the completion opening
 * History's Cycle tab with its rows. Real renderer, main's handlers (bridged), server, engine and
 * simulator.
 *
 * Needs the cycle endpoints and the engine's cycles (issue 21, other branches): on a branch
 * without them every start is refused and this file fails at its first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_REASON_TEXT } from '../../common/api/stop-reasons';
import { formatPrice } from '../../common/format';
import { CYCLE_LABELS, UI, VALIDATION } from '../../common/messages';
import { historyTabPath } from '../../common/routes';
import { liveHelpers, pairHelpers } from './support/live';
import { startSignedIn, type Stack } from './support/stack';

// A pair no bot of this file trades, so the engine's gauge for it moves with cycles alone.
const PAIR = 'ETHUSDT';
const PAIR_LABEL = 'ETH/USDT';
const L = CYCLE_LABELS;

let stack: Stack;

beforeAll(async () => {
  // Prices move only when the test moves them.
  stack = await startSignedIn({ SIM_RANDOM_WALK: 'off' }, { shareServer: true });
});
afterAll(async () => {
  await stack?.close();
});

const { page, sim, button, seen, bindKeys, dialog, notifications, clickNotification, choose } = liveHelpers(() => stack);
/** PAIR's price moved on the exchange, waiting until the engine has fully acted on it. */
const { movePrice } = pairHelpers(() => stack, PAIR);

/** The live cycle cards of PAIR (a demo cycle on another pair may be there too). */
const cards = () => page().getByTestId('cycle-card').filter({ hasText: PAIR_LABEL });
const progress = () => cards().first().locator('.cycle-progress').innerText();
const cardCount = () => cards().count();
const input = (label: string) => page().getByLabel(label, { exact: true });
const notificationBodies = async () => (await notifications()).map((n) => n.body);

/**
 * Picks PAIR as a member does in a long list: by typing (the select's list is virtual, so a pair
 * below its first rows is not in the page until the search brings it up).
 */
async function choosePair() {
  await page().getByLabel(L.pair, { exact: true }).click();
  await page().getByLabel(L.pair, { exact: true }).fill(PAIR.slice(0, 3));
  await page().locator('.ant-select-dropdown:visible').getByTitle(PAIR_LABEL, { exact: true }).click();
}

/** Fills Start New Cycle for PAIR and presses Start Cycle. */
async function startCycle(values: { amount: string; count: string; buy: string; sell: string; stopLoss: string }) {
  await stack.open('/cycle');
  await choose(L.category, 'Spot');
  await choosePair();
  await expect.poll(() => input(L.buyAt).inputValue(), { timeout: 15_000 }).not.toBe('');
  await input(L.amount).fill(values.amount);
  await input(L.cycleCount).fill(values.count);
  await input(L.buyAt).fill(values.buy);
  await input(L.sellAt).fill(values.sell);
  await input(L.stopLossAt).fill(values.stopLoss);
  await button(L.start).click();
}

/** Opens a dialog of the (only) PAIR card. */
async function openDialog(name: string) {
  await page().getByRole('button', { name, exact: true }).first().click();
  await dialog().waitFor();
}

describe('cycles', () => {
  it('suggests 95, 105 and 80 % of the live price and starts a cycle whose buy rests', async () => {
    const keys = await sim('/sim/accounts', { balances: { USDT: '10000' } });
    await bindKeys(keys);
    await sim('/sim/price', { symbol: PAIR, price: '3000' });

    await stack.open('/cycle');
    await seen(L.startNewCycle);
    await seen(L.liveCycles);
    await choose(L.category, 'Spot');
    await choosePair();
    await seen(L.livePriceOf(formatPrice('3000')));
    await expect.poll(() => input(L.buyAt).inputValue(), { timeout: 15_000 }).toBe('2850');
    expect(await input(L.sellAt).inputValue()).toBe('3150');
    expect(await input(L.stopLossAt).inputValue()).toBe('2400');

    await startCycle({ amount: '300', count: '2', buy: '2900', sell: '3100', stopLoss: '2600' });
    await seen(UI.cycleStarting);
    await expect.poll(cardCount, { timeout: 15_000 }).toBe(1);
    await expect.poll(progress, { timeout: 15_000 }).toBe('0/2');
  });

  it("refuses a second cycle on the same pair with the server's words", async () => {
    await startCycle({ amount: '300', count: '1', buy: '2900', sell: '3100', stopLoss: '2600' });
    const refusal = page().locator('.ant-message-error').last();
    await refusal.waitFor();
    expect(await refusal.innerText()).not.toBe(UI.cycleStartError);
    expect(await cardCount()).toBe(1);
  });

  it('shows the half step once the buy fills and the count once the sell does', async () => {
    await stack.open('/cycle');
    await movePrice('2890'); // the resting buy at 2900 fills
    await expect.poll(progress, { timeout: 15_000 }).toBe('0.5/2');
    await movePrice('3110'); // the sell at 3100 fills: one round done, the next buy rests
    await expect.poll(progress, { timeout: 15_000 }).toBe('1/2');
  });

  it('refuses a stop loss above the buy price, then takes an edit at once', async () => {
    await stack.open('/cycle');
    await openDialog(L.editCycleOf(PAIR_LABEL));
    await dialog().getByRole('textbox', { name: L.editStopLoss, exact: true }).fill('2950');
    await seen(VALIDATION.cycleStopLossAboveBuy);
    await dialog().getByRole('textbox', { name: L.editStopLoss, exact: true }).fill('2500');
    await dialog().getByRole('textbox', { name: L.editSellPrice, exact: true }).fill('3200');
    await dialog().getByRole('button', { name: L.save, exact: true }).click();
    await seen(UI.cycleUpdated);
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => cards().first().innerText(), { timeout: 15_000 }).toContain('3200');
  });

  it('offers Stop & Sell once bought; it sells, ends the cycle and main notifies the member', async () => {
    await stack.open('/cycle');
    await movePrice('2890'); // round 2 buys at 2900
    await expect.poll(progress, { timeout: 15_000 }).toBe('1.5/2');
    await openDialog(L.stopCycleOf(PAIR_LABEL));
    await seen(L.stopTitle);
    await dialog().getByRole('button', { name: L.stopAndSell, exact: true }).click();
    await seen(UI.cycleStoppedSold);
    await expect.poll(cardCount, { timeout: 15_000 }).toBe(0);
    await expect.poll(notificationBodies, { timeout: 15_000 }).toContain(STOP_REASON_TEXT.stopAndSell);
  });

  it('offers only Stop before a buy, and stops', async () => {
    await startCycle({ amount: '300', count: '1', buy: '2000', sell: '3500', stopLoss: '1500' });
    await expect.poll(cardCount, { timeout: 15_000 }).toBe(1);
    await openDialog(L.stopCycleOf(PAIR_LABEL));
    expect(await dialog().getByRole('button', { name: L.stopAndSell, exact: true }).count()).toBe(0);
    await dialog().getByRole('button', { name: L.stop, exact: true }).click();
    await seen(UI.cycleStopped);
    await expect.poll(cardCount, { timeout: 15_000 }).toBe(0);
  });

  it('ends a cycle at its stop loss and says so', async () => {
    // A buy above the price is marketable: it fills at once, at the current price.
    await startCycle({ amount: '300', count: '3', buy: '2950', sell: '3300', stopLoss: '2800' });
    await movePrice('2895');
    await expect.poll(progress, { timeout: 15_000 }).toBe('0.5/3');
    await movePrice('2790'); // at or under the stop loss: the sell is cancelled, the holding sold
    await expect.poll(notificationBodies, { timeout: 15_000 }).toContain(STOP_REASON_TEXT.stoploss);
    const stopped = (await notifications()).find((n) => n.body === STOP_REASON_TEXT.stoploss)!;
    expect(stopped.title).toBe(`${PAIR_LABEL} cycle stopped`);
    await expect.poll(cardCount, { timeout: 15_000 }).toBe(0);
  });

  it("notifies a completion; its click opens History's Cycle tab with every cycle of this file", async () => {
    await startCycle({ amount: '300', count: '1', buy: '2800', sell: '2900', stopLoss: '2500' });
    // The price is 2790 since the stop loss: the buy is marketable and fills once the engine has
    // taken the cycle on. Wait for that before moving on: the gauge counts no cycle it has not.
    await expect.poll(progress, { timeout: 15_000 }).toBe('0.5/1');
    await movePrice('2910'); // the sell at 2900 fills: the only round is done
    await expect
      .poll(async () => (await notifications()).map((n) => n.title), { timeout: 15_000 })
      .toContain(`${PAIR_LABEL} cycle completed`);
    const completed = (await notifications()).find((n) => n.title === `${PAIR_LABEL} cycle completed`)!;
    expect(completed.body).toMatch(/^The cycle is done\. Profit: -?\d+\.\d\d USDT$/);

    await clickNotification(completed.id);
    await page().waitForURL((url) => url.hash === `#${historyTabPath('cycle')}`);
    const rows = page().locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(4);
    const texts = (await rows.allInnerTexts()).join('\n');
    expect(texts).toContain('Completed');
    expect(texts).toContain(STOP_REASON_TEXT.stoploss);
    expect(texts).toContain(STOP_REASON_TEXT.stopAndSell);
    expect(texts).toContain(STOP_REASON_TEXT.manual);
  });
});
