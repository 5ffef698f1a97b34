/**
 * One whole GridDesk for a test file: a real SMTP receiver, the platform server on a fresh
 * data folder, main's IPC handlers in the preview host serving the built renderer, and a
 * Chromium page on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BOT_LABELS, LABELS } from '../../../common/messages';
import { startPlatformServer, type PlatformServer } from '../../../server/start';
import { startPreviewHost } from '../../../electron/preview/host';
import { previewCookieName } from '../../../electron/preview/launch-secret';
import { startSmtpReceiver, type SmtpReceiver } from '../../../server/mail/testing/smtp-receiver';
import { launchChromium } from './browser';
import { watchPage } from './failure-report';

export interface Stack {
  serverUrl: string;
  /** The in-process exchange simulator (control API: POST /sim/accounts, /sim/price, ...). */
  simUrl: string;
  appUrl: string;
  /**
   * The preview's launch cookie (`name=value`) the browser holds, for the test's own calls to
   * the preview host (notifications); without it the host answers 403.
   */
  appCookie: string;
  smtp: SmtpReceiver;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Opens a route of the app, e.g. '/signup'. */
  open(route: string): Promise<void>;
  close(): Promise<void>;
}

export interface StackOptions {
  /**
   * Runs once the server and the SMTP receiver are up, before the browser opens: what support
   * staff or other members would have done first (settings, members made through the API).
   */
  prepare?: (ready: { server: PlatformServer; smtp: SmtpReceiver }) => Promise<void>;
}

/** A port free right now, so the in-process simulator's address is known to the test. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

export async function startStack(
  env: Record<string, string> = {},
  options: StackOptions = {},
): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'griddesk-e2e-'));
  const simPort = env.SIM_PORT ?? String(await freePort());
  const smtp = await startSmtpReceiver();
  const server = await startPlatformServer({
    // The suite runs after `npm run build`: first boot from the bundle's PGlite template, as
    // the shipped app does (without the file the server falls back to initdb).
    pgliteTemplate: resolve('dist/server/pglite-template.tar.gz'),
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(dataDir, 'server'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'GridDesk <no-reply@griddesk.local>',
      LOG_LEVEL: 'warn',
      SIM_PORT: simPort,
      // The demo member starts without keys or a bot; the bots suite binds and starts its own.
      DEMO_TRADING: 'false',
      ...env,
    },
    logger: false,
  });
  try {
    await options.prepare?.({ server, smtp });
  } catch (error) {
    await server.close().catch(() => undefined);
    await smtp.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const host = await startPreviewHost({
    serverUrl: server.url,
    rendererDir: resolve('dist/renderer'),
    port: 0,
    settingsDir: join(dataDir, 'desktop'),
  });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  const unwatch = watchPage(page);
  // As the member does first: the one-time launch link lets this browser into the preview.
  await page.goto(host.launchUrl());
  const launch = (await context.cookies(host.url)).find((c) => c.name === previewCookieName(host.port));
  // Chromium's own reading of the cookie: the page's scripts and other sites' requests never get it.
  if (!launch?.httpOnly || launch.sameSite !== 'Strict')
    throw new Error(`The preview launch link set no HttpOnly SameSite=Strict cookie: ${JSON.stringify(launch)}`);

  return {
    serverUrl: server.url,
    simUrl: env.SIM_URL ?? `http://127.0.0.1:${simPort}`,
    appUrl: host.url,
    appCookie: `${launch.name}=${launch.value}`,
    smtp,
    browser,
    context,
    page,
    async open(route: string) {
      // A fresh document every time: a hash-only change would keep the old form state.
      await page.goto('about:blank');
      await page.goto(`${host.url}/#${route}`);
    },
    async close() {
      unwatch();
      await browser.close().catch(() => undefined);
      await host.close().catch(() => undefined);
      await server.close().catch(() => undefined);
      await smtp.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The 6 digits on their own line in the OTP mail. */
export function otpFrom(text: string): string {
  const match = /^\s*(\d{6})\s*$/m.exec(text);
  if (!match?.[1]) throw new Error(`no OTP in mail:\n${text}`);
  return match[1];
}

/** The reset token from the griddesk:// (or web) link in the reset mail. */
export function resetTokenFrom(text: string): string {
  const match = /resetpassword\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${text}`);
  return match[1];
}

/** The member every fresh embedded server seeds (server/modules/demo/seed.ts). */
export const DEMO_MEMBER = { email: 'demo@griddesk.local', password: 'demo1234' } as const;

/** Signs in through the login screen and waits for the dashboard. */
export async function logInAs(
  stack: Stack,
  member: { email: string; password: string } = DEMO_MEMBER,
) {
  const { page } = stack;
  await stack.open('/');
  await page.getByLabel(LABELS.email).fill(member.email);
  await page.getByLabel(LABELS.password).fill(member.password);
  await page.getByRole('button', { name: LABELS.logIn }).click();
  await page.waitForURL(/#\/dashboard/);
  await agreeDisclaimer(page);
}

/**
 * A member who has not agreed yet meets the disclaimer on the dashboard and can do nothing
 * else there until they press Agree (SPEC: Dashboard).
 */
export async function agreeDisclaimer(page: Page) {
  const dialog = page.getByRole('dialog').filter({ hasText: BOT_LABELS.disclaimerTitle });
  await dialog.getByRole('button', { name: BOT_LABELS.agree, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
