// `npm run bench:dev-loop`: edit-to-screen times of `npm run dev` (issue 35) on this machine.
// Starts `npm run dev` (the browser preview where Electron cannot run) on free ports and a fresh
// DATA_DIR, opens its launch link in Debian Chromium, then, BENCH_RUNS times each:
// - renderer: rewrites the login page's subtitle and times the write until the new text is on
//   the page (hot reload, no page load);
// - server: rewrites a line of the ready block (server/start-block.ts, in the preview's bundle)
//   and times the write until the restarted preview prints it (esbuild's rebuild, as dev.mjs
//   reports it, then the preview's boot), and until the
//   page is back after the reload the restart brings, still signed in (the demo member, signed
//   in before the first server edit: the development sign-in is kept across restarts).
// Every file edited is put back as it was, also on failure. Prints one JSON document; never fails
// on a timing. The numbers are of a shared machine when it is one: say "under load".
// The waitForFunction callbacks run inside Chromium, not in Node.
/* global window, document */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RENDERER_FILE = join(ROOT, 'renderer/pages/login/LoginPage.tsx');
const RENDERER_TEXT = 'Run your grid bots and cycles from one desk.';
const SERVER_FILE = join(ROOT, 'server/start-block.ts');
const SERVER_TEXT = "'  Ctrl+C stops it.'";
const LOGIN_TEXT = 'Log in to GridDesk';
const SIGNED_IN_TEXT = 'Dashboard';
const DEMO = { email: 'demo@griddesk.local', password: 'demo1234' };
const STARTUP_LIMIT_MS = 600_000;
const STEP_LIMIT_MS = 180_000;

async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)];
};

/** `npm run dev`'s output, line by line, with a wait for a line that matches. */
function watchOutput(child) {
  const lines = [];
  const waiters = [];
  let buffer = '';
  const take = (chunk) => {
    buffer += chunk.toString();
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.done(line);
        }
      }
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return {
    lines,
    next(test, limitMs) {
      return new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no line matching ${test} within ${limitMs} ms`)), limitMs);
        waiters.push({ test: (line) => test.test(line), done: (line) => (clearTimeout(timer), done(line)) });
      });
    },
  };
}

const originals = new Map();
async function edit(file, from, to) {
  if (!originals.has(file)) originals.set(file, await readFile(file, 'utf8'));
  const text = originals.get(file);
  if (!text.includes(from)) throw new Error(`${file} no longer holds ${from}`);
  await writeFile(file, text.replace(from, to));
}
async function restoreAll() {
  for (const [file, text] of originals) await writeFile(file, text);
}

const dataDir = await mkdtemp(join(tmpdir(), 'griddesk-bench-dev-'));
const previewPort = await freePort();
const devServerPort = await freePort();
const child = spawn('npm', ['run', '--silent', 'dev'], {
  cwd: ROOT,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PREVIEW_PORT: String(previewPort),
    DEV_SERVER_PORT: String(devServerPort),
    PORT: '0',
    LOG_FORMAT: 'json',
    // No display: the browser preview path, which is what this machine can run.
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
const output = watchOutput(child);
let browser;
const result = { machine: 'shared; numbers under load', runs: RUNS, renderer: {}, server: {} };
try {
  const startedAt = performance.now();
  const openLine = await output.next(/^\s+Open\s+http/, STARTUP_LIMIT_MS);
  result.startupMs = Math.round(performance.now() - startedAt);
  const launchUrl = openLine.trim().split(/\s+/)[1];

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const pageStart = performance.now();
  await page.goto(launchUrl);
  await page.waitForFunction((text) => document.body?.innerText.includes(text), LOGIN_TEXT, { timeout: STARTUP_LIMIT_MS });
  result.firstPageMs = Math.round(performance.now() - pageStart);

  const rendererTimes = [];
  for (let run = 0; run < RUNS; run += 1) {
    const marker = `Bench edit ${Date.now()}-${run}`;
    await page.evaluate(() => (window.__benchSamePage = true));
    const wrote = performance.now();
    await edit(RENDERER_FILE, RENDERER_TEXT, marker);
    await page.waitForFunction((text) => document.body?.innerText.includes(text), marker, {
      timeout: STEP_LIMIT_MS,
      polling: 'raf',
    });
    rendererTimes.push(Math.round(performance.now() - wrote));
    // Hot reload, not a page load: the flag set before the edit is still there.
    result.renderer.hotReload = await page.evaluate(() => window.__benchSamePage === true);
  }
  await restoreAll();
  await page.waitForFunction((text) => document.body?.innerText.includes(text), RENDERER_TEXT, { timeout: STEP_LIMIT_MS });
  Object.assign(result.renderer, {
    file: 'renderer/pages/login/LoginPage.tsx',
    editToScreenMs: rendererTimes,
    medianMs: median(rendererTimes),
    targetMs: 1000,
  });

  await page.fill('input[type=email]', DEMO.email);
  await page.fill('input[type=password]', DEMO.password);
  await page.click('button[type=submit]');
  await page.waitForFunction((text) => document.body?.innerText.includes(text), SIGNED_IN_TEXT, { timeout: STEP_LIMIT_MS });

  const readyTimes = [];
  const signedIn = [];
  const rebuildTimes = [];
  const pageTimes = [];
  for (let run = 0; run < RUNS; run += 1) {
    const marker = `bench-${Date.now()}-${run}`;
    await page.evaluate(() => (window.__benchSamePage = true));
    const wrote = performance.now();
    const printed = output.next(new RegExp(marker), STEP_LIMIT_MS);
    const rebuiltLine = output.next(/GridDesk dev: preview rebuilt in \d+ ms/, STEP_LIMIT_MS);
    await edit(SERVER_FILE, SERVER_TEXT, `'  Ctrl+C stops it. ${marker}'`);
    rebuildTimes.push(Number(/(\d+) ms/.exec(await rebuiltLine)[1]));
    await printed;
    readyTimes.push(Math.round(performance.now() - wrote));
    // Back: a new page (the flag is gone) showing either screen; which one says if the sign-in held.
    await page.waitForFunction(
      (texts) => window.__benchSamePage === undefined && texts.some((text) => document.body?.innerText.includes(text)),
      [SIGNED_IN_TEXT, LOGIN_TEXT],
      { timeout: STEP_LIMIT_MS },
    );
    pageTimes.push(Math.round(performance.now() - wrote));
    signedIn.push(await page.evaluate((text) => document.body?.innerText.includes(text), SIGNED_IN_TEXT));
  }
  // Put back, and wait for the rebuild: dist/ is left as the sources are.
  const putBack = output.next(/^\s+Ctrl\+C stops it\.$/, STEP_LIMIT_MS);
  await restoreAll();
  await putBack;
  Object.assign(result.server, {
    file: 'server/start-block.ts',
    rebuildMs: rebuildTimes,
    editToRestartedMs: readyTimes,
    medianRestartedMs: median(readyTimes),
    editToPageBackMs: pageTimes,
    medianPageBackMs: median(pageTimes),
    signedInAfterEachRestart: signedIn,
  });
  // The link stayed the same across the restarts (development link).
  const links = output.lines.filter((line) => /^\s+Open\s+http/.test(line)).map((line) => line.trim().split(/\s+/)[1]);
  result.server.sameLaunchLink = links.every((link) => link === launchUrl);
} catch (error) {
  result.error = error instanceof Error ? error.message : String(error);
  result.lastLines = output.lines.slice(-15);
} finally {
  await restoreAll();
  await browser?.close();
  // The whole group: npm, dev.mjs, the preview it started.
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((done) => {
    const timer = setTimeout(done, 15_000);
    child.once('exit', () => (clearTimeout(timer), done()));
  });
  await rm(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(result, null, 2));
