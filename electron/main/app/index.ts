/** Electron main's entry (dist/electron/main.js): the wiring in main-process.ts, on this process. */
import { runMainProcess } from './main-process';

runMainProcess({
  argv: process.argv,
  env: process.env,
  platform: process.platform,
  arch: process.arch,
  defaultApp: Boolean(process.defaultApp),
  execPath: process.execPath,
  resourcesPath: process.resourcesPath,
  versions: process.versions,
});
