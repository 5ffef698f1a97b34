/**
 * A Future bot end to end where support staff switched futures on (FUTURES_ENABLED=true): keys
 * with a USD-M wallet bound on API Setting, a Future bot at 5x started from Start New Bot (its
 * grid 1 bought on the futures market at once), the Running Bot header with the leverage and the
 * side panel's Liq. Price equal to the exchange's, then the price through the liquidation price:
 * the exchange closes the position, the bot stops with reason liquidation, main notifies the
 * member and History lists it. Real renderer, main's handlers (bridged), server, engine, simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_REASON_TEXT } from '../../common/api/stop-reasons';
import { Decimal } from '../../common/money';
import { formatPrice } from '../../common/format';
import { BOT_LABELS, RUNNING_BOT_LABELS, START_BOT_LABELS } from '../../common/messages';
import { liveHelpers, pairHelpers } from './support/live';
import { startSignedIn, type Stack } from './support/stack';

const PAIR = 'BTCUSDT';
const PAIR_LABEL = 'BTC/USDT';
/** Future bots tick on USD-M prices: the engine's gauge names them SYMBOL_PERP. */
const FEED = `${PAIR}_PERP`;

let stack: Stack;
let apiKey = '';

beforeAll(async () => {
  stack = await startSignedIn({ SIM_RANDOM_WALK: 'off', FUTURES_ENABLED: 'true' });
});
afterAll(async () => {
  await stack?.close();
});

const { page, sim, button, seen, bindKeys, notifications, choose, openStartBot, openFirstBot } = liveHelpers(() => stack);
/** The engine's settled USD-M price of PAIR, and PAIR's price moved on the exchange, waiting for the engine. */
const { enginePrice, movePrice } = pairHelpers(() => stack, PAIR, FEED);

async function position(): Promise<{ amount: string; leverage: number; liquidationPrice: string } | undefined> {
  const account = (await sim(`/sim/accounts/${apiKey}`)) as {
    futures: { positions: { symbol: string; amount: string; leverage: number; liquidationPrice: string }[] };
  };
  return account.futures.positions.find((p) => p.symbol === PAIR);
}

describe('a Future bot', () => {
  it('starts at 5x from Start New Bot: grid 1 is bought on the futures market at once', async () => {
    const keys = await sim('/sim/accounts', { balances: { USDT: '100' }, futuresBalances: { USDT: '5000' } });
    apiKey = String(keys.apiKey);
    await bindKeys(keys);
    await sim('/sim/price', { symbol: PAIR, price: '100000.00' });

    await openStartBot('Future', PAIR_LABEL, formatPrice('100000', '0.01'), 5); // the pair's tick size keeps its decimals
    await page()
      .getByLabel(/^Amount \(min/)
      .fill('1000');
    await choose(BOT_LABELS.strategy, 'System Strategy');
    await button(START_BOT_LABELS.start).click();
    await page().waitForURL(/#\/dashboard/);
    await expect.poll(enginePrice, { timeout: 20_000, interval: 100 }).toBe(100000);
    await expect.poll(async () => (await position())?.leverage, { timeout: 10_000 }).toBe(5);
  });

  it("shows the leverage and the exchange's liquidation price on the Running Bot page", async () => {
    await openFirstBot(PAIR_LABEL);
    await seen(BOT_LABELS.leverageOption(5));
    // The exchange's figure, shown as every price is (common/format).
    const exchangeLiq = new Decimal((await position())!.liquidationPrice).toDecimalPlaces(8, Decimal.ROUND_UP);
    await expect
      .poll(() => page().locator('.liq-price').innerText(), { timeout: 15_000 })
      .toBe(formatPrice(exchangeLiq.toFixed()));
  });

  it('is liquidated when the price reaches the liquidation price: it stops, main says why, History lists it', async () => {
    await movePrice('70000.00');
    expect(await position()).toBeUndefined();
    await expect
      .poll(async () => (await notifications()).map((n) => n.body), { timeout: 15_000 })
      .toContain(STOP_REASON_TEXT.liquidation);
    await page().reload();
    await seen(RUNNING_BOT_LABELS.stoppedTitle);
    await seen(`${RUNNING_BOT_LABELS.stopReason}: ${STOP_REASON_TEXT.liquidation}`);
    await stack.open('/history');
    await expect.poll(() => page().locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
  });
});
