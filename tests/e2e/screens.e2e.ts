/**
 * The screens as a demanding member sees them, end to end: the demo member (simulator keys, its
 * demo bot and cycle) with a second bot and a stopped one, every data screen visited in the light
 * theme at 1024x700 and in the dark one at 1440x900. On each pass: Running Bot
 * keeps Stop in view without scrolling, no table cell clips its text and no number wraps, no
 * asset the app asks for answers 404, and every figure coloured as up or down (P&L, ROI, sides)
 * and every enabled button's words (Stop's white or dark text on its red included) read at WCAG's
 * 4.5:1 or more on what they are drawn on.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNNING_BOT_LABELS } from '../../common/messages';
import { SHARED_LABELS } from '../../common/messages/shared';
import { ROUTES } from '../../common/routes';
import { SPOT_BOT_START } from '../../server/http/testing/start-bodies';
import { DEMO_MEMBER, logInAs, postJson, startStack, type Stack } from './support/stack';

let stack: Stack;
const notFound: string[] = [];
const page = () => stack.page;

beforeAll(async () => {
  // The demo member as a fresh install seeds it: simulator keys and a running demo bot.
  stack = await startStack({ DEMO_TRADING: 'true', SIM_RANDOM_WALK: 'off' });
  page().on('response', (response: Response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await logInAs(stack, DEMO_MEMBER);
  // A second bot, as members run them, and a third one stopped, so History has a row to show.
  const { token } = (await postJson(`${stack.serverUrl}/api/login`, DEMO_MEMBER)) as { token: string };
  const call = async (path: string, body: object) => {
    const response = await fetch(`${stack.serverUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const startBot = (pair: string) => call('startbotdata', { ...SPOT_BOT_START, selectPair: pair });
  await startBot('SOLUSDT');
  const stopped = await startBot('BNBUSDT');
  await call('stopbot', { botID: stopped.botID });
});

afterAll(async () => {
  await stack?.close();
});

/** Opens a route and waits until it has shown its data: no skeleton, no spinner left. */
async function visit(route: string): Promise<void> {
  await stack.open(route);
  await page().waitForFunction(() => document.querySelectorAll('.ant-skeleton, .ant-spin-spinning').length === 0, null, {
    timeout: 20_000,
  });
}

/**
 * Cells of tables and detail lists whose text does not fit: content wider than the cell (cut or
 * ellipsed), or a figure broken over two lines. Runs in the page.
 */
function clippedCells(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const figure = /^[-+]?\$?[\d,]+(\.\d+)?\s?(%|USDT)?$/;
    const out: string[] = [];
    for (const cell of Array.from(
      document.querySelectorAll<HTMLElement>('.ant-table-cell, .ant-descriptions-item-label, .ant-descriptions-item-content'),
    )) {
      const text = (cell.innerText || '').trim();
      if (text === '') continue;
      const inner = [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))];
      // Text spilling out of the cell (then cut by what holds it), or cut inside it (an ellipsis).
      const content = document.createRange();
      content.selectNodeContents(cell);
      const [box, inside] = [cell.getBoundingClientRect(), content.getBoundingClientRect()];
      const spills = inside.width > 0 && (inside.right > box.right + 1 || inside.left < box.left - 1);
      const cut = inner.some((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible');
      if (spills || cut) out.push(`clipped: ${text}`);
      else {
        // A figure broken over lines: one of the cell's text nodes laid out on two line boxes.
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const piece = (node.textContent ?? '').trim();
          if (!figure.test(piece)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`wrapped: ${piece}`);
        }
      }
    }
    return out;
  });
}

/**
 * Every figure the app colours as up or down (SignedValue marks it with data-direction) and every
 * enabled button with words on it (filled ones carry white or dark text on the theme's fills): its
 * text and its contrast on the background it is drawn on. Runs in the page.
 */
const CONTRAST_CHECKED = '[data-direction], .ant-btn:not(:disabled)';

function textContrasts(p: Page): Promise<{ text: string; ratio: number }[]> {
  return p.evaluate((selector) => {
    const rgb = (css: string) => (/rgba?\(([^)]+)\)/.exec(css)?.[1] ?? '0,0,0,0').split(',').map((v) => Number(v.trim()));
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const background = (el: Element | null): number[] => {
      for (let node = el; node; node = node.parentElement) {
        const c = rgb(getComputedStyle(node).backgroundColor);
        if ((c[3] ?? 1) > 0.5) return c;
      }
      return rgb(getComputedStyle(document.body).backgroundColor);
    };
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.innerText.trim() !== '' && el.getClientRects().length > 0)
      .map((el) => {
        const [a, b] = [luminance(rgb(getComputedStyle(el).color)), luminance(background(el))];
        const what = el.dataset.direction ?? 'button';
        return { text: `${what} ${el.innerText.trim().slice(0, 40)}`, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
      });
  }, CONTRAST_CHECKED);
}

async function setTheme(dark: boolean): Promise<void> {
  const toggle = page().getByRole('switch', { name: SHARED_LABELS.toggleTheme });
  if ((await toggle.getAttribute('aria-checked')) !== String(dark)) await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(dark));
}

/**
 * Two passes cover both themes and both sizes, and run every check at least once in each: the
 * layout checks (Stop in view, clipped and wrapped figures) at the small size, where they are
 * hardest, and at the large one; the contrast checks in each theme. Crossing every theme with
 * every size (four passes) checked the same things twice at twice the cost.
 */
const PASSES = [
  { name: 'light at 1024x700', width: 1024, height: 700, dark: false },
  { name: 'dark at 1440x900', width: 1440, height: 900, dark: true },
] as const;

const DATA_SCREENS = [
  ROUTES.dashboard,
  ROUTES.history,
  ROUTES.wallet,
  ROUTES.subscription,
  ROUTES.liveBots,
  ROUTES.myTeam,
  ROUTES.referral,
  ROUTES.myStrategies,
  ROUTES.cycle,
];

/** What one pass saw on its walk through the screens; the pass's checks each read one part. */
interface Walk {
  problems: string[];
  notFound: string[];
  contrasts: { text: string; ratio: number }[];
  /** Each bot page's Stop button: its box, or null when it had none. */
  stops: { route: string; box: { y: number; height: number } | null }[];
}

describe.each(PASSES)('the screens, $name', (pass) => {
  let walk: Walk | null = null;
  /** The walk the pass's first test made; a check after a failed walk fails too, never passes empty. */
  const walked = (): Walk => {
    if (!walk) throw new Error(`the walk of the pass '${pass.name}' did not finish: see its first test`);
    return walk;
  };

  it("show every data screen and both bots' pages with their data", async () => {
    await page().setViewportSize({ width: pass.width, height: pass.height });
    await visit(ROUTES.dashboard);
    await setTheme(pass.dark);
    notFound.length = 0;
    const problems: string[] = [];
    const contrasts: { text: string; ratio: number }[] = [];
    const stops: Walk['stops'] = [];

    for (const route of DATA_SCREENS) {
      await visit(route);
      problems.push(...(await clippedCells(page())).map((p) => `${route} ${p}`));
      contrasts.push(...(await textContrasts(page())).map((c) => ({ ...c, text: `${route} ${c.text}` })));
    }

    // Both bots' pages, with their Stop button.
    await visit(ROUTES.dashboard);
    const cards = page().locator('a[href*="running-bot/"]');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const botLinks = await cards.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).hash.replace(/^#/, '')));
    for (const route of [...new Set(botLinks)].slice(0, 2)) {
      await visit(route);
      const stop = page().getByRole('button', { name: RUNNING_BOT_LABELS.stop, exact: true });
      await stop.waitFor();
      stops.push({ route, box: await stop.boundingBox() });
      problems.push(...(await clippedCells(page())).map((p) => `${route} ${p}`));
      contrasts.push(...(await textContrasts(page())).map((c) => ({ ...c, text: `${route} ${c.text}` })));
    }
    walk = { problems, notFound: [...notFound], contrasts, stops };
  });

  it("keep Stop in view without scrolling on both bots' pages", () => {
    const { stops } = walked();
    expect(stops.length, 'no bot page was measured').toBeGreaterThan(0);
    for (const { route, box } of stops) {
      expect(box, `${route}: Stop has no box`).not.toBeNull();
      expect(box!.y + box!.height, `${route}: Stop is below the fold`).toBeLessThanOrEqual(pass.height);
    }
  });

  it('clip and wrap no figure', () => {
    expect(walked().problems).toEqual([]);
  });

  it('load every asset the app asks for', () => {
    expect(walked().notFound).toEqual([]);
  });

  it('colour P&L and button text readably', () => {
    const { contrasts } = walked();
    // Each entry reads '<route> <up|down|none|button> <text>'.
    expect(contrasts.filter((c) => / (up|down) /.test(c.text)).length, 'no figure was coloured up or down').toBeGreaterThan(0);
    expect(
      contrasts.some((c) => c.text.endsWith(` button ${RUNNING_BOT_LABELS.stop}`)),
      'the Stop button was not measured',
    ).toBe(true);
    expect(contrasts.filter((c) => c.ratio < 4.5)).toEqual([]);
  });
});
