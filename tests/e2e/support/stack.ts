/**
 * One whole GridDesk for a test file: a real SMTP receiver, the platform server on a fresh
 * data folder, main's IPC handlers in the preview host serving the built renderer, and a
 * Chromium page on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startPlatformServer } from '../../../server/start';
import { startPreviewHost } from '../../../electron/preview/host';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';
import { launchChromium } from './browser';

export interface Stack {
  serverUrl: string;
  appUrl: string;
  smtp: SmtpReceiver;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Opens a route of the app, e.g. '/signup'. */
  open(route: string): Promise<void>;
  close(): Promise<void>;
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'griddesk-e2e-'));
  const smtp = await startSmtpReceiver();
  const server = await startPlatformServer({
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(dataDir, 'server'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'GridDesk <no-reply@griddesk.local>',
      LOG_LEVEL: 'warn',
      ...env,
    },
    logger: false,
  });
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

  return {
    serverUrl: server.url,
    appUrl: host.url,
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
