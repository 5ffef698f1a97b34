/**
 * One whole GridDesk for a test file: a real SMTP receiver, the platform server on a fresh
 * data folder, main's IPC handlers in the preview host serving the built renderer, and a
 * Chromium page on it. The server (with its simulator and SMTP receiver) is the file's own, or,
 * with `shareServer`, one every file asking for the same environment shares: then the file
 * gets a fresh member of its own instead of the demo member. The preview host, its settings
 * and the browser context are always the file's own; Chromium is the run's (browser.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { BOT_LABELS, LABELS } from '../../../common/messages';
import { startPlatformServer, type PlatformServer } from '../../../server/start';
import { startPreviewHost } from '../../../electron/preview/host';
import { previewCookieName } from '../../../electron/preview/launch-secret';
import { startSmtpReceiver, type SmtpReceiver } from '../../../server/mail/testing/smtp-receiver';
// For the app.deps declaration the server's HTTP layer adds to Fastify.
import type { AppDeps } from '../../../server/http/types';
import { grant } from '../../../server/modules/subscriptions/subscriptions';
import { openChromium } from './browser';
import { clickUntil } from './click-until';
import { settledDialog } from './dialogs';
import { reportingFailure, serverLogStream, watchPage } from './failure-report';

export interface Member {
  email: string;
  password: string;
}

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
  server: PlatformServer;
  /** The member this file signs in as by default: the demo member, or a fresh one on a shared server. */
  member: Member;
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
   * staff or other members would have done first (settings, members made through the API). On
   * a shared server it runs for every file, so it must only add what is this file's own.
   */
  prepare?: (ready: { server: PlatformServer; smtp: SmtpReceiver }) => Promise<void>;
  /**
   * Share the server, simulator and SMTP receiver with the other files of the run that ask for
   * the same environment (files run one at a time in one worker: vitest.config.ts). Only for
   * files that change no server-wide setting or plan, and whose assertions count only their own
   * members' bots, cycles and mails: what an earlier file left (bots.e2e's Olive keeps her bot
   * running) is still there.
   */
  shareServer?: boolean;
}

/** The server side of a stack: SMTP receiver, platform server and its in-process simulator. */
interface ServerSide {
  server: PlatformServer;
  smtp: SmtpReceiver;
  simUrl: string;
  close(): Promise<void>;
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

async function startServerSide(env: Record<string, string>, dataDir: string): Promise<ServerSide> {
  const simPort = env.SIM_PORT ?? String(await freePort());
  const smtp = await startSmtpReceiver();
  const server = await startPlatformServer({
    // The suite runs after `npm run build`: first boot from the bundle's PGlite template, as
    // the shipped app does (without the file the server falls back to initdb).
    pgliteTemplate: resolve('dist/server/pglite-template.tar.gz'),
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'GridDesk <no-reply@griddesk.local>',
      LOG_LEVEL: 'warn',
      SIM_PORT: simPort,
      // The demo member starts without keys or a bot; the bots suite binds and starts its own.
      DEMO_TRADING: 'false',
      ...env,
    },
    // Warnings and errors only, kept for the failure report (one test's worth).
    logger: { level: 'warn', stream: serverLogStream },
  }).catch(async (error: unknown) => {
    await smtp.close().catch(() => undefined);
    throw error;
  });
  return {
    server,
    smtp,
    simUrl: env.SIM_URL ?? `http://127.0.0.1:${simPort}`,
    async close() {
      await server.close().catch(() => undefined);
      await smtp.close().catch(() => undefined);
    },
  };
}

/**
 * Servers shared by files with the same environment, for the life of the worker (files run one
 * after another in one process). Their data lives under the run's scratch folder, which
 * global-setup.ts removes; the worker's exit ends them.
 */
const sharedServers = new Map<string, Promise<ServerSide>>();

async function sharedServerSide(env: Record<string, string>): Promise<ServerSide> {
  const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
  let side = sharedServers.get(key);
  if (!side) {
    const root = inject('sharedStackDir') || (await mkdtemp(join(tmpdir(), 'griddesk-e2e-shared-')));
    side = startServerSide(env, join(root, `server-${sharedServers.size}`));
    sharedServers.set(key, side);
    // A server that failed to start is tried again by the next file, not handed out broken.
    side.catch(() => sharedServers.delete(key));
  }
  return side;
}

/** POSTs JSON (as the holder of `token` when given); the answer's JSON, or an error naming the status. */
export async function postJson(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export interface SignupForm extends Member {
  username: string;
  contactNo: string;
  referralId?: string;
}

/**
 * Signs a member up over the API as the Sign Up screen does, with the OTP mailed to them (the
 * stack's SMTP receiver); returns /api/verify-otp's answer: their id, userCode and session token.
 */
export async function signUpOverApi(
  { server, smtp }: { server: PlatformServer; smtp: SmtpReceiver },
  form: SignupForm,
): Promise<Record<string, unknown>> {
  await postJson(`${server.url}/api/signup`, form);
  const mail = await smtp.waitFor((m) => m.to.includes(form.email));
  return postJson(`${server.url}/api/verify-otp`, { ...form, otp: otpFrom(mail.text) });
}

/**
 * A member of this file's own, as the demo member is on a fresh server: signed up over the API
 * with the mailed OTP, no sponsor, a year's subscription (server/modules/demo/seed.ts).
 */
async function freshMember(side: ServerSide): Promise<Member> {
  const tag = randomBytes(4).toString('hex');
  const member = { username: `Member ${tag}`, email: `member-${tag}@example.com`, contactNo: '5550100', password: `pass-${tag}` };
  const verified = await signUpOverApi(side, member);
  const deps: AppDeps = side.server.app.deps;
  await grant(deps.db, String(verified.id), 365, 'e2e');
  return { email: member.email, password: member.password };
}

export async function startStack(env: Record<string, string> = {}, options: StackOptions = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'griddesk-e2e-'));
  const shared = options.shareServer === true;
  const cleanups: (() => Promise<unknown>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  try {
    const side = shared ? await sharedServerSide(env) : await startServerSide(env, join(dataDir, 'server'));
    if (!shared) cleanups.push(() => side.close());
    const { server, smtp } = side;
    await options.prepare?.({ server, smtp });
    const member = shared ? await freshMember(side) : DEMO_MEMBER;
    const host = await startPreviewHost({
      serverUrl: server.url,
      rendererDir: resolve('dist/renderer'),
      port: 0,
      settingsDir: join(dataDir, 'desktop'),
    });
    cleanups.push(() => host.close());
    const browser = await openChromium();
    cleanups.push(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[page error]', error.message));
    const unwatch = watchPage(page);
    cleanups.push(async () => unwatch());
    // As the member does first: the one-time launch link lets this browser into the preview.
    await page.goto(host.launchUrl());
    const launch = (await context.cookies(host.url)).find((c) => c.name === previewCookieName(host.port));
    // Chromium's own reading of the cookie: the page's scripts and other sites' requests never get it.
    if (!launch?.httpOnly || launch.sameSite !== 'Strict')
      throw new Error(`The preview launch link set no HttpOnly SameSite=Strict cookie: ${JSON.stringify(launch)}`);

    return {
      serverUrl: server.url,
      simUrl: side.simUrl,
      appUrl: host.url,
      appCookie: `${launch.name}=${launch.value}`,
      smtp,
      server,
      member,
      browser,
      context,
      page,
      async open(route: string) {
        // A fresh document every time: a hash-only change would keep the old form state.
        await page.goto('about:blank');
        await page.goto(`${host.url}/#${route}`);
      },
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
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

/** Signs in through the login screen (as the file's member unless told) and waits for the dashboard. */
export async function logInAs(stack: Stack, member: Member = stack.member) {
  const { page } = stack;
  await reportingFailure(`signing in as ${member.email}`, async () => {
    await stack.open('/');
    await page.getByLabel(LABELS.email).fill(member.email);
    await page.getByLabel(LABELS.password).fill(member.password);
    await page.getByRole('button', { name: LABELS.logIn }).click();
    await page.waitForURL(/#\/dashboard/);
  });
  await agreeDisclaimer(page);
}

/** A stack (startStack) signed in as the file's member; closed again if signing in fails, as no afterAll would. */
export async function startSignedIn(env: Record<string, string> = {}, options: StackOptions = {}): Promise<Stack> {
  const stack = await startStack(env, options);
  try {
    await logInAs(stack);
  } catch (error) {
    await stack.close();
    throw error;
  }
  return stack;
}

/**
 * A member who has not agreed yet meets the disclaimer on the dashboard and can do nothing
 * else there until they press Agree (SPEC: Dashboard).
 */
export async function agreeDisclaimer(page: Page) {
  const dialog = page.getByRole('dialog').filter({ hasText: BOT_LABELS.disclaimerTitle });
  const agree = settledDialog(page)
    .filter({ hasText: BOT_LABELS.disclaimerTitle })
    .getByRole('button', { name: BOT_LABELS.agree, exact: true });
  await reportingFailure('agreeing to the disclaimer', () =>
    clickUntil(
      async (attempt) => {
        // The first click needs the dialog (a member who has not agreed must meet it); a later
        // one finds it closed if the agreement came meanwhile, or its button loading.
        if (attempt === 1) await agree.click();
        else if (await dialog.isVisible()) await agree.click({ timeout: 5_000 }).catch(() => undefined);
      },
      (timeout) => dialog.waitFor({ state: 'hidden', timeout }),
      { what: "the disclaimer's Agree" },
    ),
  );
}
