/** Electron main's entry (dist/electron/main.js): the wiring in main-process.ts, on this process. */
import { runMainProcess, type MainProcessControls } from './main-process';
import { exportDiagnostics, startSupportTools } from './support-tools';

let controls: MainProcessControls | null = null;
// First, so what the start logs reaches main.log (support-tools.ts: diagnostics and the updater);
// a restart into an update is a quit the member already agreed to.
startSupportTools({ serverUrl: () => controls?.serverUrl() ?? null }, () => controls?.skipQuitQuestion());
controls = runMainProcess(
  {
    argv: process.argv,
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    defaultApp: Boolean(process.defaultApp),
    execPath: process.execPath,
    resourcesPath: process.resourcesPath,
    versions: process.versions,
  },
  { exportDiagnostics: () => void exportDiagnostics() },
);
