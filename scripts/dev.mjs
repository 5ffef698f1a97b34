// `npm run dev`: the development loop in one command.
// - The renderer on Vite's dev server (hot reload).
// - Main and preload (or, where Electron cannot run, the browser preview with the server in it)
//   rebuilt by esbuild in watch mode, each rebuild passing build-node.mjs's own checks; the
//   migrations copied and the PGlite template rebaked only when server/db/migrations changes.
// - Electron relaunched by vite-plugin-electron's startup() when main changes (explicit argv:
//   its default adds --no-sandbox), the page reloaded when only the preload changes.
// - Where Electron cannot run (no display, no binary): the browser preview restarted when the
//   server or main's handlers change, on the same port with the same launch link, the browser
//   it let in and the sign-in kept (development only: electron/preview/dev-secret.ts).
// DEV_SERVER_PORT moves Vite's port (default 5174); PREVIEW_PORT the preview's, as always.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { watch } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { context } from 'esbuild';
import { createServer } from 'vite';
import { buildPgliteTemplate } from './build-pglite-template.mjs';
import { builds, checkBuild, copyMigrationsInto, esbuildOptions, outDirOf } from './build-node.mjs';
import { MAIN, whyElectronCannotRun } from './electron-runtime.mjs';

const MIGRATIONS = 'server/db/migrations';
const PREVIEW = 'dist/scripts/preview.js';
const say = (line) => console.log(`GridDesk dev: ${line}`);

/** The build of `entry` in build-node.mjs. */
const buildOf = (entry) => {
  const spec = builds.find((candidate) => candidate.entryPoints.includes(entry));
  if (!spec) throw new Error(`build-node.mjs has no build of ${entry}`);
  return spec;
};

const vite = await createServer({
  configFile: 'renderer/vite.config.ts',
  // Quiet: the preview's ready block (its launch link) stays the last thing printed.
  logLevel: 'warn',
  clearScreen: false,
  server: { host: '127.0.0.1', port: Number(process.env.DEV_SERVER_PORT ?? 5174), strictPort: true },
});
await vite.listen();
const devServerUrl = `http://127.0.0.1:${vite.config.server.port}`;

const electron = whyElectronCannotRun({ needsMain: false });
const targets = electron.exe
  ? { main: buildOf('electron/main/app/index.ts'), preload: buildOf('electron/preload/index.ts') }
  : { preview: buildOf('electron/preview/main.ts') };
if (!electron.exe) say(`Electron cannot run here because ${electron.why}; the browser preview restarts instead.`);

/** A hash of the migrations folder, so the template is rebaked only when it changed. */
async function migrationsHash() {
  const hash = createHash('sha256');
  for (const name of (await readdir(MIGRATIONS, { recursive: true })).sort()) {
    hash.update(name);
    hash.update(await readFile(join(MIGRATIONS, name)).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex');
}

const bakedFrom = new Map();
/** The migrations and the template beside `dir`, redone only when the migrations changed. */
async function migrationsBeside(dir) {
  const hash = await migrationsHash();
  if (bakedFrom.get(dir) === hash) return false;
  await copyMigrationsInto(dir);
  await buildPgliteTemplate([dir]);
  bakedFrom.set(dir, hash);
  return true;
}

// ---- what a rebuild sets off -------------------------------------------------------------

let changed = new Set();
let timer = null;
let running = Promise.resolve();
const builtOnce = new Set();
/**
 * Rebuilds land together (common/ is in every bundle): act once for what changed, and not
 * before every bundle has been built once (Electron needs its preload from the first start).
 */
function rebuilt(name) {
  changed.add(name);
  builtOnce.add(name);
  if (builtOnce.size < Object.keys(targets).length) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    const names = changed;
    changed = new Set();
    running = running.then(() => apply(names)).catch((error) => say(`restart failed: ${error.message}`));
  }, 30);
}

let preview = null;
async function restartPreview() {
  if (preview) {
    const old = preview;
    const exited = new Promise((done) => old.once('exit', done));
    old.kill('SIGTERM');
    await exited;
  }
  preview = spawn(process.execPath, ['--enable-source-maps', PREVIEW], {
    stdio: 'inherit',
    env: { ...process.env, npm_lifecycle_event: process.env.npm_lifecycle_event ?? 'dev', GRIDDESK_DEV_SERVER_URL: devServerUrl },
  });
}

let startup = null;
async function apply(names) {
  if (names.has('preview')) return restartPreview();
  startup ??= (await import('vite-plugin-electron')).startup;
  if (names.has('main')) {
    // Explicit argv: startup()'s default is ['.', '--no-sandbox'], and the app keeps its sandbox.
    await startup([MAIN], { env: { ...process.env, VITE_DEV_SERVER_URL: devServerUrl } });
    say(`Electron started on ${MAIN}, the renderer from ${devServerUrl}.`);
  } else if (names.has('preload')) {
    // A reload runs the new preload; main stays as it is.
    vite.hot.send({ type: 'full-reload' });
    startup.send('electron-vite&type=hot-reload');
  }
}

// ---- esbuild in watch mode -------------------------------------------------------------

/** After each build of `spec`: build-node.mjs's checks, the migrations, then what it sets off. */
function afterEachBuild(name, spec) {
  return {
    name: 'griddesk-dev',
    setup(build) {
      let startedAt = 0;
      let first = true;
      build.onStart(() => {
        startedAt = performance.now();
      });
      build.onEnd(async (result) => {
        if (result.errors.length > 0) return; // esbuild printed them; the running app stays
        try {
          await checkBuild(spec, result.metafile);
          if (spec.copyMigrations) await migrationsBeside(outDirOf(spec));
        } catch (error) {
          say(error.message);
          return;
        }
        // One line per rebuild, before the restart it sets off: the ready block stays last.
        if (!first) say(`${name} rebuilt in ${Math.round(performance.now() - startedAt)} ms`);
        first = false;
        rebuilt(name);
      });
    },
  };
}

await rm('dist/electron', { recursive: true, force: true });
await rm('dist/scripts', { recursive: true, force: true });
const contexts = [];
for (const [name, spec] of Object.entries(targets)) {
  const options = esbuildOptions(spec);
  const ctx = await context({ ...options, plugins: [...options.plugins, afterEachBuild(name, spec)] });
  await ctx.watch();
  contexts.push(ctx);
}

// The migrations are no import of any bundle: esbuild does not see them change.
let migrationTimer = null;
const migrationWatch = watch(MIGRATIONS, { recursive: true }, () => {
  clearTimeout(migrationTimer);
  migrationTimer = setTimeout(async () => {
    for (const [name, spec] of Object.entries(targets)) {
      if (spec.copyMigrations && (await migrationsBeside(outDirOf(spec)).catch((error) => say(error.message)))) rebuilt(name);
    }
  }, 200);
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    migrationWatch.close();
    startup?.exit();
    preview?.kill(signal);
    await Promise.all(contexts.map((ctx) => ctx.dispose()));
    await vite.close();
    process.exit(0);
  });
}
