/**
 * Live bots end to end as the demo member: keys bound on API Setting, a bot started from Start
 * New Bot, trades made by the engine as the simulator's price moves (waiting on the
 * griddesk_engine_price gauge, never on sleeps), the order book, an SL/TP edit refused and then
 * taken, a copy from Copy BOTs, Stop & Sell, a stoploss reached, both stops notified by main,
 * and the History rows. Real renderer, main's handlers (bridged), server, engine and simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_REASON_TEXT } from '../../common/api/bots';
import { BOT_LABELS, RUNNING_BOT_LABELS, START_BOT_LABELS, UI, VALIDATION } from '../../common/messages';
import { liveHelpers } from './support/live';
import { logInAs, startStack, type Stack } from './support/stack';

const PAIR = 'BTCUSDT';
const PAIR_LABEL = 'BTC/USDT';

let stack: Stack;

beforeAll(async () => {
  // Prices move only when the test moves them.
  stack = await startStack({ SIM_RANDOM_WALK: 'off' });
  await logInAs(stack);
});
afterAll(async () => {
  await stack?.close();
});

const { page, sim, button, seen, bindKeys, dialog, notifications, choose, enginePrice: gauge } = liveHelpers(() => stack);

/** The engine's settled price for PAIR (every bot decided, orders acknowledged, fills saved). */
const enginePrice = () => gauge(PAIR);

/** Sets the exchange's price and waits until the engine has fully acted on it. */
async function movePrice(price: string) {
  await sim('/sim/price', { symbol: PAIR, price });
  await expect.poll(enginePrice, { timeout: 20_000, interval: 100 }).toBe(Number(price));
}

/** The order book's rows as text, newest first. */
async function orderRows(): Promise<string[]> {
  const card = page().locator('.ant-card').filter({ hasText: RUNNING_BOT_LABELS.orderBook });
  return card.locator('tbody tr.ant-table-row').allInnerTexts();
}

async function openFirstBot(): Promise<string> {
  await stack.open('/dashboard');
  await page().getByRole('link', { name: BOT_LABELS.openBot(PAIR_LABEL) }).first().click();
  await page().waitForURL(/#\/running-bot\//);
  return new URL(page().url()).hash.split('/').pop()!;
}

describe('live bots', () => {
  it('starts a bot from Start New Bot: grid 1 is bought at the market price at once', async () => {
    const keys = await sim('/sim/accounts', { balances: { USDT: '10000' } });
    await bindKeys(keys);
    await sim('/sim/price', { symbol: PAIR, price: '100000.00' });

    await stack.open('/startbot');
    await choose(START_BOT_LABELS.botType, 'Advanced Multigrid');
    await choose(START_BOT_LABELS.category, 'Spot');
    await choose(BOT_LABELS.pair, PAIR_LABEL);
    await seen(START_BOT_LABELS.livePrice('100000'));
    const amount = page().getByLabel(/^Amount \(min/);
    await amount.fill('100');
    await choose(BOT_LABELS.strategy, 'System Strategy');
    await button(START_BOT_LABELS.start).click();
    // 10 grids need at least 300 USDT (SPEC section 5).
    await seen(VALIDATION.insufficientForGrids(10, 300));
    await amount.fill('1000');
    await button(START_BOT_LABELS.start).click();
    await page().waitForURL(/#\/dashboard/);
    await expect.poll(enginePrice, { timeout: 20_000, interval: 100 }).toBe(100000);

    await openFirstBot();
    await expect.poll(orderRows, { timeout: 15_000 }).toHaveLength(1);
    expect((await orderRows())[0]).toMatch(/BUY/);
    expect((await orderRows())[0]).toContain('100000');
  });

  it('sells grid 1 once the price rose by its take profit and turned down', async () => {
    await movePrice('101500.00'); // +1.5 %: the take profit (1.2 %) trails the peak
    await movePrice('101200.00'); // 0.3 % under the peak: more than the 0.2 % trail
    await openFirstBot();
    await expect.poll(orderRows, { timeout: 15_000 }).toHaveLength(2);
    const [sell, buy] = await orderRows();
    expect(sell).toMatch(/SELL/);
    expect(sell).toContain('101200');
    expect(buy).toMatch(/BUY/);
  });

  it('copies the live bot from Copy BOTs; Stop & Sell sells what it holds and main notifies the member', async () => {
    await stack.open('/livebots');
    await page().getByRole('button', { name: BOT_LABELS.copyBot(PAIR_LABEL) }).first().click();
    await dialog().getByLabel(/^Amount \(min/).fill('500');
    await dialog().getByRole('button', { name: BOT_LABELS.startBot, exact: true }).click();
    await page().waitForURL(/#\/dashboard/);
    await expect.poll(() => page().getByRole('link', { name: BOT_LABELS.openBot(PAIR_LABEL) }).count(), { timeout: 15_000 }).toBe(2);
    await movePrice('101300.00'); // both bots settle a price after the copy bought its grid 1

    // The dashboard lists the newest bot first: the copy.
    const copy = await openFirstBot();
    await expect.poll(orderRows, { timeout: 15_000 }).toHaveLength(1);
    await page().getByRole('button', { name: RUNNING_BOT_LABELS.stop, exact: true }).click();
    await dialog().getByRole('button', { name: RUNNING_BOT_LABELS.stopAndSell, exact: true }).click();
    await seen(UI.botStoppedSold);
    await expect
      .poll(async () => (await notifications()).map((n) => n.body), { timeout: 15_000 })
      .toContain(STOP_REASON_TEXT.stopAndSell);
    await stack.open(`/running-bot/${copy}`);
    await seen(RUNNING_BOT_LABELS.stoppedTitle);
    await seen(`${RUNNING_BOT_LABELS.stopReason}: ${STOP_REASON_TEXT.stopAndSell}`);
    await expect.poll(orderRows, { timeout: 15_000 }).toHaveLength(2);
    expect((await orderRows())[0]).toMatch(/SELL/);
  });

  it('refuses a stoploss above the live price, takes one below it, and the bot stops when it is reached', async () => {
    await openFirstBot();
    await page().getByRole('button', { name: RUNNING_BOT_LABELS.edit(RUNNING_BOT_LABELS.stoplossPrice) }).click();
    const stoploss = dialog().getByLabel(RUNNING_BOT_LABELS.stoplossPrice, { exact: true });
    await stoploss.fill('200000');
    await dialog().getByRole('button', { name: RUNNING_BOT_LABELS.save, exact: true }).click();
    await seen(VALIDATION.stopLossBelowLive);
    await stoploss.fill('100500');
    await dialog().getByRole('button', { name: RUNNING_BOT_LABELS.save, exact: true }).click();
    await seen(UI.sltpUpdated);

    await movePrice('101400.00'); // grid 2 is not due yet: nothing happens
    await movePrice('100400.00'); // under the stoploss: everything held is sold and the bot stops
    await expect
      .poll(async () => (await notifications()).map((n) => n.body), { timeout: 15_000 })
      .toContain(STOP_REASON_TEXT.stoploss);
    const stopped = (await notifications()).find((n) => n.body === STOP_REASON_TEXT.stoploss)!;
    expect(stopped.title).toBe(`${PAIR_LABEL} bot stopped`);
  });

  it('lists both stopped bots in History, newest first', async () => {
    await stack.open('/history');
    const rows = page().locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const texts = await rows.allInnerTexts();
    expect(texts.every((t) => t.includes(PAIR_LABEL) || t.includes(PAIR))).toBe(true);
    expect(texts.join('\n')).toContain('System Strategy');
    await stack.open('/dashboard');
    await expect.poll(() => page().getByRole('link', { name: BOT_LABELS.openBot(PAIR_LABEL) }).count()).toBe(0);
  });
});
