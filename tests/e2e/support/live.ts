/**
 * Helpers of the live-trading e2e suites: the page, the simulator's control API, the engine's gauge, main's handlers,
 * notifications and tray counts, the Start New Bot form and a bot's page; and one pair's price moves (pairHelpers).
 */
import { expect } from 'vitest';
import type { IpcChannel, IpcPayload, IpcResult, IpcValue } from '../../../common/ipc/contract';
import { BOT_LABELS, EXCHANGE_LABELS, START_BOT_LABELS } from '../../../common/messages';
import { INVOKE_PATH, NOTIFICATIONS_PATH, TRAY_PATH } from '../../../electron/preview/bridge-script';
import type { LiveCounts } from '../../../electron/main/ports/types';
import type { ShownNotification } from '../../../electron/preview/notifications';
import { settledDialog } from './dialogs';
import type { Stack } from './stack';

export function liveHelpers(stack: () => Stack) {
  const page = () => stack().page;

  /** POST (with a body) or GET the simulator's control API. */
  async function sim(path: string, body?: object): Promise<Record<string, unknown>> {
    const response = await fetch(
      `${stack().simUrl}${path}`,
      body === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  /** A call to the preview host (the launch cookie lets the test in, as it does the browser). */
  async function host(path: string, body?: object): Promise<Response> {
    const headers: Record<string, string> = { cookie: stack().appCookie };
    if (body === undefined) return fetch(`${stack().appUrl}${path}`, { headers });
    return fetch(`${stack().appUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  const button = (name: string) => page().getByRole('button', { name, exact: true });
  const seen = (text: string) => page().getByText(text, { exact: true }).first().waitFor();
  async function choose(label: string, option: string): Promise<void> {
    await page().getByLabel(label, { exact: true }).click();
    await page().locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  return {
    page,
    sim,
    button,
    seen,
    /** Binds simulator keys on API Setting and waits until they are connected. */
    async bindKeys(keys: Record<string, unknown>): Promise<void> {
      await stack().open('/api-setting');
      await page().getByLabel(EXCHANGE_LABELS.apiKey, { exact: true }).fill(String(keys.apiKey));
      await page().getByLabel(EXCHANGE_LABELS.secretKey, { exact: true }).fill(String(keys.secretKey));
      await button(EXCHANGE_LABELS.submit).click();
      await seen(EXCHANGE_LABELS.connected);
    },
    /** The open dialog, once its opening motion ended (dialogs.ts). */
    dialog: () => settledDialog(page()),
    /** The engine's settled price of a feed (every bot decided, orders acknowledged, fills saved). */
    async enginePrice(feed: string): Promise<number | null> {
      const text = await (await fetch(`${stack().serverUrl}/metrics`)).text();
      const match = new RegExp(`^griddesk_engine_price\\{symbol="${feed}"\\} (\\S+)$`, 'm').exec(text);
      return match ? Number(match[1]) : null;
    },
    async notifications(): Promise<ShownNotification[]> {
      return (await (await host(NOTIFICATIONS_PATH)).json()) as ShownNotification[];
    },
    /** The counts main would show in the tray (null: nobody signed in). */
    async trayCounts(): Promise<LiveCounts | null> {
      return ((await (await host(TRAY_PATH)).json()) as { counts: LiveCounts | null }).counts;
    },
    /** Clicks a shown notification, as the member would the native one: main opens its route. */
    async clickNotification(id: number): Promise<void> {
      expect((await host(`${NOTIFICATIONS_PATH}/${id}/click`, {})).status).toBe(200);
    },
    /** What main's handler answers the renderer on `channel`, with the member's session. */
    async invoke<C extends IpcChannel>(channel: C, payload: IpcPayload<C>): Promise<IpcValue<C>> {
      const result = (await (await host(INVOKE_PATH, { channel, payload })).json()) as IpcResult<IpcValue<C>>;
      if (!result.ok) throw new Error(`${channel}: ${result.error.status} ${result.error.message}`);
      return result.value;
    },
    choose,
    /** Opens the first bot on the pair labelled `pairLabel` from the dashboard; returns its id (from the Running Bot route). */
    async openFirstBot(pairLabel: string): Promise<string> {
      await stack().open('/dashboard');
      await page()
        .getByRole('link', { name: BOT_LABELS.openBot(pairLabel) })
        .first()
        .click();
      await page().waitForURL(/#\/running-bot\//);
      return new URL(page().url()).hash.split('/').pop()!;
    },
    /**
     * Opens Start New Bot on an Advanced Multigrid bot of `category` on the pair labelled
     * `pairLabel` (at `leverage` for a Future one), and waits for the pair's live price as the form
     * shows it: the rest of the form is filled once its market data has come.
     */
    async openStartBot(category: 'Spot' | 'Future', pairLabel: string, livePrice: string, leverage?: number): Promise<void> {
      await stack().open('/startbot');
      await choose(START_BOT_LABELS.botType, 'Advanced Multigrid');
      await choose(START_BOT_LABELS.category, category);
      await choose(BOT_LABELS.pair, pairLabel);
      if (leverage !== undefined) await choose(BOT_LABELS.leverage, BOT_LABELS.leverageOption(leverage));
      await seen(START_BOT_LABELS.livePrice(livePrice));
    },
  };
}

/**
 * For a suite trading one pair: the engine's settled price of its feed (the symbol's own, or
 * SYMBOL_PERP for Future bots), and a move of the exchange's price that waits until the engine
 * has fully acted on it (every bot decided, orders acknowledged, fills saved).
 */
export function pairHelpers(stack: () => Stack, symbol: string, feed = symbol) {
  const { sim, enginePrice: gauge } = liveHelpers(stack);
  const enginePrice = () => gauge(feed);
  return {
    enginePrice,
    async movePrice(price: string): Promise<void> {
      await sim('/sim/price', { symbol, price });
      await expect.poll(enginePrice, { timeout: 20_000, interval: 100 }).toBe(Number(price));
    },
  };
}
