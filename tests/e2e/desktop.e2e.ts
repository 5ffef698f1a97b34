/**
 * The desktop's notifications and Settings, end to end in the preview (main's real handlers
 * bridged, the real server, engine and simulator): a subscription ending in 2 days is notified
 * at sign-in and its click opens Subscription; the Settings page mutes "Bot stopped", kept by
 * main across a reload, so a bot stopped then shows nothing while its event still reaches the
 * page; unmuted, the next stop is notified and its click opens History. The tray's stand-in
 * follows the running bots. What a native notification or tray looks like needs Electron itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberEvent } from '../../common/api/bots';
import { DESKTOP_TEXT, LABELS, SETTINGS_LABELS } from '../../common/messages';
import { SCREEN_TITLES } from '../../common/routes';
import type { AppDeps } from '../../server/http/types';
import { grant } from '../../server/modules/subscriptions/subscriptions';
import { clickUntil } from './support/click-until';
import { liveHelpers } from './support/live';
import { logInAs, signUpOverApi, startStack, type Stack } from './support/stack';

const SAM = {
  username: 'Sam',
  email: 'sam@example.com',
  contactNo: '5550123',
  password: 'sam-pass-1',
};
/** Two pairs: one bot per pair. */
const BOTS = [
  { pair: 'BTCUSDT', label: 'BTC/USDT', price: '100000.00' },
  { pair: 'ETHUSDT', label: 'ETH/USDT', price: '3000.00' },
] as const;

let stack: Stack;

beforeAll(async () => {
  stack = await startStack(
    { SIM_RANDOM_WALK: 'off' },
    {
      shareServer: true,
      // Sam joined some time ago; support staff granted a subscription that ends in 2 days.
      prepare: async (ready) => {
        const deps: AppDeps = ready.server.app.deps;
        const member = await signUpOverApi(ready, SAM);
        await grant(deps.db, String(member.id), 2, 'e2e');
      },
    },
  );
});
afterAll(async () => {
  await stack?.close();
});

const { page, sim, bindKeys, notifications, clickNotification, invoke, trayCounts } = liveHelpers(() => stack);

const botSwitch = () => page().getByRole('switch', { name: SETTINGS_LABELS.kinds.botStopped.label });
const botStops = async () => (await notifications()).filter((n) => n.kind === 'botStopped');

/** Collects the member events main pushes to the page (until the next page load). */
async function recordEvents(): Promise<void> {
  await page().evaluate(() => {
    const w = window as unknown as {
      recorded: unknown[];
      griddesk: { on(event: string, listener: (e: unknown) => void): void };
    };
    w.recorded = [];
    w.griddesk.on('bots:event', (event) => w.recorded.push(event));
  });
}

/** Waits until the page got the stop event of this bot: main has decided on its notification. */
async function pageGotStop(botID: string): Promise<void> {
  await page().waitForFunction(
    (id) => (window as unknown as { recorded: MemberEvent[] }).recorded.some((e) => e.kind === 'bot.stopped' && e.botID === id),
    botID,
    { timeout: 15_000 },
  );
}

describe('desktop notifications and settings', () => {
  it('tells Sam at sign-in that the subscription ends in 2 days; the click opens Subscription', async () => {
    await logInAs(stack, SAM);
    await expect
      .poll(async () => (await notifications()).filter((n) => n.kind === 'subscriptionExpiring'), {
        timeout: 15_000,
      })
      .toHaveLength(1);
    const [reminder] = (await notifications()).filter((n) => n.kind === 'subscriptionExpiring');
    expect(reminder).toMatchObject({
      title: DESKTOP_TEXT.subscription.title,
      body: DESKTOP_TEXT.subscription.body(2),
    });
    await clickNotification(reminder!.id);
    await page().waitForURL(/#\/subscription$/);
    await page().getByRole('heading', { name: SCREEN_TITLES.subscription }).waitFor();
  });

  it('mutes "Bot stopped" on Settings: a stop shows nothing; unmuted, the next stop shows and opens History', async () => {
    await bindKeys(await sim('/sim/accounts', { balances: { USDT: '10000' } }));
    const ids: string[] = [];
    for (const bot of BOTS) {
      await sim('/sim/price', { symbol: bot.pair, price: bot.price });
      const started = await invoke('bots:start', {
        selectPair: bot.pair,
        myStrategy: 'System Strategy',
        amount: 1000,
        category: 'Spot',
        botType: 'Advanced Multigrid',
      });
      ids.push(started.botID);
    }
    await expect.poll(trayCounts, { timeout: 15_000 }).toEqual({ bots: 2, cycles: 0 });

    // Settings, from the profile menu.
    await stack.open('/dashboard');
    await clickUntil(
      async () => {
        // A dropdown that closed again (or never opened) under a lost click is opened anew.
        const item = page().getByRole('menuitem', { name: SCREEN_TITLES.settings });
        if (!(await item.isVisible())) await page().getByRole('button', { name: LABELS.profileMenu }).click();
        await item.click();
      },
      (timeout) => page().waitForURL(/#\/settings$/, { timeout }),
      { what: "the profile menu's Settings" },
    );
    expect(await botSwitch().getAttribute('aria-checked')).toBe('true');
    await botSwitch().click();
    await expect.poll(() => botSwitch().getAttribute('aria-checked')).toBe('false');
    // Main keeps it: a fresh page reads it back.
    await stack.open('/settings');
    await expect.poll(() => botSwitch().getAttribute('aria-checked')).toBe('false');
    expect(await invoke('notifications:settings', {})).toEqual({ muted: ['botStopped'] });

    await recordEvents();
    await invoke('bots:stop', { botID: ids[0]! });
    await pageGotStop(ids[0]!);
    expect(await botStops()).toEqual([]);

    await botSwitch().click();
    await expect.poll(() => botSwitch().getAttribute('aria-checked')).toBe('true');
    await invoke('bots:stop', { botID: ids[1]! });
    await expect.poll(botStops, { timeout: 15_000 }).toHaveLength(1);
    const [stopped] = await botStops();
    expect(stopped!.title).toBe(`${BOTS[1].label} bot stopped`);
    await expect.poll(trayCounts, { timeout: 15_000 }).toEqual({ bots: 0, cycles: 0 });

    await clickNotification(stopped!.id);
    await page().waitForURL(/#\/history$/);
    await page().getByRole('heading', { name: SCREEN_TITLES.history }).waitFor();
  });
});
