// Whether Electron can run here and where its executable is, for `npm start` (start.mjs) and
// `npm run dev` (dev.mjs), without importing `electron` (its index.js downloads on demand).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
export const MAIN = 'dist/electron/main.js';

/** The Electron executable, or null when it is not installed. */
export function electronExecutable() {
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

/** `{ exe }` where Electron can run, else `{ why }` it cannot (one line for the terminal). */
export function whyElectronCannotRun({ needsMain = true } = {}) {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { why: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  const exe = electronExecutable() ?? downloadElectron();
  if (!exe) return { why: 'the Electron binary is not installed and could not be downloaded' };
  if (needsMain && !existsSync(MAIN)) return { why: `${MAIN} is missing (run npm run build)` };
  return { exe };
}
