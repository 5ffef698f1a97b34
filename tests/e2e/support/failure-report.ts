/**
 * What the page showed when an e2e test failed. A failed wait says only what it waited for; the
 * page's route, its text and the form's error lines say why it did not come (a refusal shown on
 * the form, a screen still loading, a route that never changed). Printed to the test output, so
 * CI's log carries it, and a screenshot is kept beside it.
 */
import { appendFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';

const watched = new Set<Page>();
const TEXT_LIMIT = 4000;

/** Adds a page to what a failure reports; the returned function takes it out again. */
export function watchPage(page: Page): () => void {
  watched.add(page);
  return () => watched.delete(page);
}

function slug(text: string): string {
  return text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 80);
}

async function describePage(page: Page, testName: string): Promise<string> {
  const lines = [`[e2e failure] ${testName}`, `  url: ${page.url()}`];
  // The screen's own content (antd's Layout.Content is <main>) before the ticker and menus.
  const region = (await page.locator('main').count()) > 0 ? page.locator('main').first() : page.locator('body');
  const text = await region.innerText({ timeout: 2_000 }).catch((e: Error) => `(no text: ${e.message})`);
  const errors = await page.locator('.ant-form-item-explain-error, .ant-message-notice, .ant-alert')
    .allInnerTexts().catch(() => []);
  if (errors.length > 0) lines.push(`  messages: ${errors.join(' | ')}`);
  lines.push(`  text: ${text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text}`);
  const dir = join(tmpdir(), 'griddesk-e2e-failures');
  const shot = join(dir, `${slug(testName)}-${Date.now()}.png`);
  const saved = await mkdir(dir, { recursive: true })
    .then(() => page.screenshot({ path: shot, fullPage: true, timeout: 5_000 }))
    .then(() => true, () => false);
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

/** Prints every watched page; never throws, so the test's own error stays the one reported. */
export async function reportFailure(testName: string): Promise<void> {
  for (const page of watched) {
    if (page.isClosed()) continue;
    const report = await describePage(page, testName).catch((e: Error) => `[e2e failure] ${testName}: ${e.message}`);
    console.error(report);
    await mkdir(dirname(SUMMARY_FILE), { recursive: true })
      .then(() => appendFile(SUMMARY_FILE, `${report}\n\n`))
      .catch(() => undefined);
  }
}
