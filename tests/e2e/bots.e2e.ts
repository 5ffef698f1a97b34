/**
 * Live bots end to end as a fresh member (on a shared server: support/stack.ts): keys bound on API
 * Setting, a bot started from Start New Bot, trades made by the engine as the simulator's price
 * moves (waiting on the griddesk_engine_price gauge, never on sleeps), the order book and the
 * realized PnL, the profit book, overbuy protection and SL/TP edits each refused and then taken, a
 * copy from Copy BOTs, Stop & Sell, a stoploss reached, both stops notified by main, a click on
 * the stoploss notification opening History, and its rows. Real renderer, main's handlers
 * (bridged), server, engine and simulator.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_REASON_TEXT } from '../../common/api/stop-reasons';
import { Decimal, formatMoney } from '../../common/money';
import { formatPercent, formatPrice } from '../../common/format';
import { BOT_LABELS, RUNNING_BOT_LABELS, START_BOT_LABELS, TEXT, UI, VALIDATION } from '../../common/messages';
import { bots } from '../../server/db/schema';
// For the app.deps declaration the server's HTTP layer adds to Fastify.
import type { AppDeps } from '../../server/http/types';
import { grant } from '../../server/modules/subscriptions/subscriptions';
import { SPOT_BOT_START } from '../../server/http/testing/start-bodies';
import { liveHelpers, pairHelpers } from './support/live';
import { postJson, signUpOverApi, startSignedIn, type Stack } from './support/stack';

const PAIR = 'BTCUSDT';
const PAIR_LABEL = 'BTC/USDT';
/** Another member, whose bot this file's member copies: Copy BOTs lists only other members' bots. */
const OLIVE = { username: 'Olive', email: 'olive@example.com', contactNo: '5550123', password: 'olive-pass-1' };

let stack: Stack;
let deps: AppDeps;

beforeAll(async () => {
  // Prices move only when the test moves them.
  stack = await startSignedIn(
    { SIM_RANDOM_WALK: 'off' },
    {
      shareServer: true,
      prepare: async ({ server }) => {
        deps = server.app.deps;
      },
    },
  );
});
afterAll(async () => {
  await stack?.close();
});

const live = liveHelpers(() => stack);
const { page, sim, button, seen, bindKeys, dialog, notifications, clickNotification, invoke, choose, openStartBot } = live;
/** PAIR's settled price in the engine, and PAIR's price moved on the exchange, waiting for the engine. */
const { enginePrice, movePrice } = pairHelpers(() => stack, PAIR);
const openFirstBot = () => live.openFirstBot(PAIR_LABEL);

/** The order book's rows as text, newest first. */
async function orderRows(): Promise<string[]> {
  const card = page().locator('.ant-card').filter({ hasText: RUNNING_BOT_LABELS.orderBook });
  return card.locator('tbody tr.ant-table-row').allInnerTexts();
}

/** The order book's rows, newest first, each as column title -> the cell's text. */
async function orderBook(): Promise<Record<string, string>[]> {
  const card = page().locator('.ant-card').filter({ hasText: RUNNING_BOT_LABELS.orderBook });
  const titles = await card.locator('thead th').allInnerTexts();
  const rows = await card.locator('tbody tr.ant-table-row').all();
  return Promise.all(
    rows.map(async (row) => {
      const cells = await row.locator('td').allInnerTexts();
      return Object.fromEntries(cells.map((text, i) => [titles[i], text.trim()]));
    }),
  );
}

/** A figure of the Running Bot stats, as shown. */
function stat(label: string): Promise<string> {
  const figure = page()
    .locator('.bot-stat')
    .filter({ has: page().getByText(label, { exact: true }) });
  return figure.locator('.bot-stat-value').innerText();
}

/** A value of the Running Bot side panel, as shown. */
function sideValue(label: string): Promise<string> {
  const exactly = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const row = page()
    .locator('.ant-descriptions-row')
    .filter({
      has: page().locator('.ant-descriptions-item-label', { hasText: exactly }),
    });
  return row.locator('.ant-descriptions-item-content').innerText();
}

const editButton = (label: string) => page().getByRole('button', { name: RUNNING_BOT_LABELS.edit(label), exact: true });
const field = (label: string) => dialog().getByRole('textbox', { name: label, exact: true });

/** Presses one of the edit dialog's buttons and waits for the message it should show. */
async function press(name: string, message: string) {
  await dialog().getByRole('button', { name, exact: true }).click();
  await seen(message);
}

/** Presses Save or Reset, sees the success message and waits until the dialog has gone. */
async function done(name: string, message: string) {
  await press(name, message);
  await dialog().waitFor({ state: 'hidden' });
}

/**
 * Olive signs up, subscribes, binds her keys and starts a PAIR bot through the API; it is dated
 * two days back, as Copy BOTs ranks only bots that have run 24 hours.
 */
async function othersBotOnPair(): Promise<void> {
  const verified = await signUpOverApi(stack, OLIVE);
  const token = String(verified.token);
  await grant(deps.db, String(verified.id), 30, 'e2e');
  const keys = await sim('/sim/accounts', { balances: { USDT: '10000' } });
  await postJson(`${stack.serverUrl}/api/apikeys`, { apiKey: keys.apiKey, secretKey: keys.secretKey }, token);
  const started = await postJson(
    `${stack.serverUrl}/api/startbotdata`,
    { ...SPOT_BOT_START, selectPair: PAIR, amount: 1000 },
    token,
  );
  await deps.db
    .update(bots)
    .set({ startedAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(bots.id, String(started.botID)));
}

describe('live bots', () => {
  it('starts a bot from Start New Bot: grid 1 is bought at the market price at once', async () => {
    const keys = await sim('/sim/accounts', { balances: { USDT: '10000' } });
    await bindKeys(keys);
    await sim('/sim/price', { symbol: PAIR, price: '100000.00' });

    await openStartBot('Spot', PAIR_LABEL, formatPrice('100000', '0.01')); // the pair's tick size keeps its decimals
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
    const bot = await openFirstBot();
    await expect.poll(orderRows, { timeout: 15_000 }).toHaveLength(2);
    const [sell, buy] = await orderRows();
    expect(sell).toMatch(/SELL/);
    expect(sell).toContain('101200');
    expect(buy).toMatch(/BUY/);

    // The PnL figure is the realized PnL main's handler answers for the bot, to 2 decimals: the
    // sell's own PnL, above 0 and below what the sell brought in over the buy (fees are paid).
    const info = await invoke('bots:info', { botID: bot });
    expect((await invoke('bots:purchasedQty', { botID: bot })).pnl).toBe(info.pnl);
    const pnl = formatMoney(info.pnl);
    await expect.poll(() => stat(BOT_LABELS.pnl), { timeout: 15_000 }).toBe(pnl);
    const [sold, bought] = await orderBook();
    const amount = RUNNING_BOT_LABELS.colAmount;
    expect(sold![RUNNING_BOT_LABELS.colPnl]).toBe(pnl);
    expect(new Decimal(pnl).gt(0)).toBe(true);
    expect(new Decimal(pnl).lt(new Decimal(sold![amount]!).minus(bought![amount]!))).toBe(true);
  });

  it('refuses a profit book and an overbuy protection out of range, then takes them', async () => {
    const bot = await openFirstBot();
    const { total_grid: grids } = await invoke('bots:info', { botID: bot });

    // 1 to 1000 % of the investment; 500 % (5000 USDT on 1000) is never reached in this file.
    await editButton(RUNNING_BOT_LABELS.profitBook).click();
    const profitBook = field(RUNNING_BOT_LABELS.profitBook);
    await profitBook.fill('0');
    await press(RUNNING_BOT_LABELS.save, VALIDATION.profitBookBelowOne);
    await profitBook.fill('1001');
    await press(RUNNING_BOT_LABELS.save, VALIDATION.profitBookAboveMax);
    await profitBook.fill('500');
    await done(RUNNING_BOT_LABELS.save, UI.profitBookSaved);
    await expect.poll(() => sideValue(RUNNING_BOT_LABELS.profitBook), { timeout: 15_000 }).toBe(formatPercent('500'));

    // A whole number of grids from 1 to total_grid - 1; 5 held grids are never reached here.
    await editButton(RUNNING_BOT_LABELS.overbuyProtection).click();
    const protection = field(RUNNING_BOT_LABELS.overbuyTitle);
    await protection.fill(String(grids));
    await press(RUNNING_BOT_LABELS.save, VALIDATION.overbuyRange(grids - 1));
    await protection.fill('5');
    await done(RUNNING_BOT_LABELS.save, UI.overbuySaved);
    await expect.poll(() => sideValue(RUNNING_BOT_LABELS.overbuyProtection), { timeout: 15_000 }).toBe('5');
  });

  it("copies another member's live bot from Copy BOTs; Stop & Sell sells what it holds and main notifies the member", async () => {
    await othersBotOnPair();
    await stack.open('/livebots');
    // Only Olive's bot is listed: the member's own bot is not offered for copying.
    await expect
      .poll(
        () =>
          page()
            .getByRole('button', { name: BOT_LABELS.copyBot(PAIR_LABEL) })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    await page()
      .getByRole('button', { name: BOT_LABELS.copyBot(PAIR_LABEL) })
      .click();
    // 10 grids: the minimum the server holds the copy to, shown before submitting.
    await dialog().getByLabel(BOT_LABELS.amountWithMin('300')).fill('500');
    await dialog().getByRole('button', { name: BOT_LABELS.startBot, exact: true }).click();
    await page().waitForURL(/#\/dashboard/);
    await expect
      .poll(
        () =>
          page()
            .getByRole('link', { name: BOT_LABELS.openBot(PAIR_LABEL) })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(2);
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

  it('refuses a pause price at the live price, takes a pause and restart pair, resets them', async () => {
    await openFirstBot();
    await editButton(RUNNING_BOT_LABELS.pausePrice).click();
    const pause = field(RUNNING_BOT_LABELS.pausePrice);
    await pause.fill(String(await enginePrice())); // a pause must be above the live price
    await press(RUNNING_BOT_LABELS.save, VALIDATION.pausePriceAboveLive);
    // Far above any price this file moves to: the bot never pauses.
    await pause.fill('150000');
    await field(RUNNING_BOT_LABELS.restartPrice).fill('140000');
    await done(RUNNING_BOT_LABELS.save, UI.sltpUpdated);
    await expect.poll(() => sideValue(RUNNING_BOT_LABELS.pausePrice), { timeout: 15_000 }).toBe(formatPrice('150000'));
    expect(await sideValue(RUNNING_BOT_LABELS.restartPrice)).toBe(formatPrice('140000'));

    await editButton(RUNNING_BOT_LABELS.restartPrice).click();
    await done(RUNNING_BOT_LABELS.reset, UI.sltpReset);
    await expect.poll(() => sideValue(RUNNING_BOT_LABELS.pausePrice), { timeout: 15_000 }).toBe(RUNNING_BOT_LABELS.notSet);
    expect(await sideValue(RUNNING_BOT_LABELS.restartPrice)).toBe(RUNNING_BOT_LABELS.notSet);
  });

  it('refuses a stoploss above the live price, takes one below it, and the bot stops when it is reached', async () => {
    await openFirstBot();
    await editButton(RUNNING_BOT_LABELS.stoplossPrice).click();
    const stoploss = field(RUNNING_BOT_LABELS.stoplossPrice);
    await stoploss.fill('200000');
    await press(RUNNING_BOT_LABELS.save, VALIDATION.stopLossBelowLive);
    await stoploss.fill('100500');
    await done(RUNNING_BOT_LABELS.save, UI.sltpUpdated);

    await movePrice('101400.00'); // grid 2 is not due yet: nothing happens
    await movePrice('100400.00'); // under the stoploss: everything held is sold and the bot stops
    await expect
      .poll(async () => (await notifications()).map((n) => n.body), { timeout: 15_000 })
      .toContain(STOP_REASON_TEXT.stoploss);
    const stopped = (await notifications()).find((n) => n.body === STOP_REASON_TEXT.stoploss)!;
    expect(stopped.title).toBe(`${PAIR_LABEL} bot stopped`);
  });

  it('the stoploss notification opens History, which lists both stopped bots, newest first', async () => {
    await stack.open('/dashboard');
    // Loaded with no live bot left (its calls waited for the bridge's event stream to open).
    await seen(TEXT.noActiveBotTitle);
    expect(
      await page()
        .getByRole('link', { name: BOT_LABELS.openBot(PAIR_LABEL) })
        .count(),
    ).toBe(0);
    const stopped = (await notifications()).find((n) => n.body === STOP_REASON_TEXT.stoploss)!;
    await clickNotification(stopped.id);
    await page().waitForURL(/#\/history$/);

    const rows = page().locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const texts = await rows.allInnerTexts();
    expect(texts.every((t) => t.includes(PAIR_LABEL) || t.includes(PAIR))).toBe(true);
    expect(texts.join('\n')).toContain('System Strategy');
  });
});
