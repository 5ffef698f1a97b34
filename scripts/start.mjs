// `npm start` (after the build): Electron with dist/electron/main.js where Electron can run,
// otherwise one line saying why and the browser preview (the same as `npm run preview`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const MAIN = 'dist/electron/main.js';
const PREVIEW = 'dist/scripts/preview.js';

/** The Electron executable, without importing `electron` (its index.js downloads on demand). */
function electronExecutable() {
  let dir;
  try {
    dir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(dir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  // Same lookup as electron's index.js, including its override for a preinstalled binary.
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!override && !relative) return null;
  const exe = override ? join(override, relative ?? 'electron') : join(dir, 'dist', relative);
  return existsSync(exe) ? exe : null;
}

/** electron 45 fetches its binary on first use; try once, quietly, where it could run. */
function downloadElectron() {
  try {
    const install = join(dirname(require.resolve('electron/package.json')), 'install.js');
    const result = spawnSync(process.execPath, [install], { stdio: 'ignore', timeout: 300_000 });
    return result.status === 0 ? electronExecutable() : null;
  } catch {
    return null;
  }
}

function whyElectronCannotRun() {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { why: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  const exe = electronExecutable() ?? downloadElectron();
  if (!exe) return { why: 'the Electron binary is not installed and could not be downloaded' };
  if (!existsSync(MAIN)) return { why: `${MAIN} is missing (run npm run build)` };
  return { exe };
}

async function startPreview(why) {
  console.log(
    `GridDesk: Electron cannot run here because ${why}; starting the browser preview instead.`,
  );
  await import(pathToFileURL(PREVIEW).href);
}

const { exe, why } = whyElectronCannotRun();
if (exe) {
  const startedAt = Date.now();
  let stopping = false;
  const child = spawn(exe, [MAIN, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => {
    // Electron that dies at once (missing system libraries, a display it cannot open) is
    // "cannot run here" too; a later exit is the member quitting.
    if (!stopping && code !== 0 && Date.now() - startedAt < 10_000) {
      void startPreview(`it exited at startup (${signal ?? `code ${code}`})`);
      return;
    }
    process.exit(code ?? (signal ? 1 : 0));
  });
} else {
  await startPreview(why);
}
