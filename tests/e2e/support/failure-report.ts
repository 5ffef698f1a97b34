/**
 * What the page showed when an e2e test failed. A failed wait says only what it waited for; the
 * page's route, its text and the form's error lines say why it did not come (a refusal shown on
 * the form, a screen still loading, a route that never changed). Printed to the test output, so
 * CI's log carries it, and a screenshot is kept beside it.
 */
import { appendFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';

/** Each watched page with the last lines its console said (errors and warnings) and its uncaught errors. */
const watched = new Map<Page, string[]>();
const TEXT_LIMIT = 4000;
const CONSOLE_LINES = 20;
const SERVER_LINES = 30;

/**
 * What the file's platform server logged (warnings and errors) since the current test started:
 * a page that waits in vain says what it waited for, the server says why the answer did not come
 * (a command the engine could not apply, a request that failed, an exchange that refused).
 */
const serverSaid: string[] = [];

/** The stream stack.ts gives the server's logger: its lines go to the failure report, not the output. */
export const serverLogStream = {
  write(line: string): void {
    const text = line.trimEnd();
    serverSaid.push(text.length > 600 ? `${text.slice(0, 600)}…` : text);
    if (serverSaid.length > SERVER_LINES) serverSaid.shift();
  },
};

/** Adds a page to what a failure reports; the returned function takes it out again. */
export function watchPage(page: Page): () => void {
  const said: string[] = [];
  const keep = (line: string) => {
    said.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
    if (said.length > CONSOLE_LINES) said.shift();
  };
  // A renderer logs what it could not do (a failed request, a refused mutation) and never
  // shows some of it: the report needs it to tell a lost click from a slow or failed answer.
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') keep(`${message.type()}: ${message.text()}`);
  };
  const onPageError = (error: Error) => keep(`uncaught: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  watched.set(page, said);
  return () => {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    watched.delete(page);
  };
}

function slug(text: string): string {
  return text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

async function describePage(page: Page, said: string[], testName: string): Promise<string> {
  const lines = [`[e2e failure] ${testName}`, `  url: ${page.url()}`];
  // The screen's own content (antd's Layout.Content is <main>) before the ticker and menus.
  const region = (await page.locator('main').count()) > 0 ? page.locator('main').first() : page.locator('body');
  const text = await region.innerText({ timeout: 2_000 }).catch((e: Error) => `(no text: ${e.message})`);
  const errors = await page
    .locator('.ant-form-item-explain-error, .ant-message-notice, .ant-alert')
    .allInnerTexts()
    .catch(() => []);
  if (errors.length > 0) lines.push(`  messages: ${errors.join(' | ')}`);
  lines.push(`  text: ${text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text}`);
  // An open dialog is portalled outside <main>: whether it is still open, and what it says, tells
  // a lost click (no dialog) from a refused or unanswered save (the dialog still open).
  // Its classes say whether it was still moving (a zoom's motion classes: dialogs.ts).
  const dialogs = await page
    .getByRole('dialog')
    .filter({ visible: true })
    .evaluateAll((found) => found.map((el) => ({ classes: el.className, text: (el as HTMLElement).innerText })))
    .catch(() => []);
  for (const { classes, text } of dialogs) {
    lines.push(`  dialog (${classes}): ${text.length > 1000 ? `${text.slice(0, 1000)}…` : text}`);
  }
  if (said.length > 0) lines.push('  console:', ...said.map((line) => `    ${line}`));
  const dir = join(tmpdir(), 'griddesk-e2e-failures');
  const shot = join(dir, `${slug(testName)}-${Date.now()}.png`);
  const saved = await mkdir(dir, { recursive: true })
    .then(() => page.screenshot({ path: shot, fullPage: true, timeout: 5_000 }))
    .then(
      () => true,
      () => false,
    );
  if (saved) lines.push(`  screenshot: ${shot}`);
  return lines.join('\n');
}

/**
 * Where `npm test` finds the reports to print again at its very end (scripts/test-summary.mjs):
 * a CI log is often read from its tail, where the failed tests' errors are, and the page's
 * reason for a failed wait belongs beside them.
 */
const SUMMARY_FILE = join('.tmp', 'test-results', 'e2e-failures.txt');

/** A new run's failures only (global-setup.ts). */
export async function clearFailureSummary(): Promise<void> {
  await rm(SUMMARY_FILE, { force: true });
}

/** Whether the current test (or set-up) has already reported its pages: one failure, one report. */
let reported = false;

/** A new test starts with nothing reported and nothing the server said (setup.ts). */
export function startReporting(): void {
  reported = false;
  serverSaid.length = 0;
}

function describeServer(testName: string): string {
  return [
    `[e2e failure] ${testName}: the server's warnings and errors during the test`,
    ...serverSaid.map((line) => `    ${line}`),
  ].join('\n');
}

/** Prints every watched page, once per test; never throws, so the test's own error stays the one reported. */
export async function reportFailure(testName: string): Promise<void> {
  if (reported) return;
  reported = true;
  for (const [page, said] of watched) {
    if (page.isClosed()) continue;
    const report = await describePage(page, said, testName).catch((e: Error) => `[e2e failure] ${testName}: ${e.message}`);
    await keep(report);
  }
  if (serverSaid.length > 0) await keep(describeServer(testName));
}

/** Prints a report and adds it to the summary `npm test` prints at its end. */
async function keep(report: string): Promise<void> {
  console.error(report);
  await mkdir(dirname(SUMMARY_FILE), { recursive: true })
    .then(() => appendFile(SUMMARY_FILE, `${report}\n\n`))
    .catch(() => undefined);
}

/**
 * Runs a step of a file's set-up (signing in, agreeing) and reports the pages if it fails: a
 * failed beforeAll runs no afterEach, so setup.ts never sees it, and the file's afterAll closes
 * the pages before anything else could look at them.
 */
export async function reportingFailure<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await reportFailure(step);
    throw error;
  }
}
