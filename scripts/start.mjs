// `npm start` (after the build): Electron with dist/electron/main.js where Electron can run,
// otherwise one line saying why and the browser preview (the same as `npm run preview`).
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { MAIN, whyElectronCannotRun } from './electron-runtime.mjs';

const PREVIEW = 'dist/scripts/preview.js';

async function startPreview(why) {
  console.log(`GridDesk: Electron cannot run here because ${why}; starting the browser preview instead.`);
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
