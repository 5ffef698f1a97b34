/**
 * The app's events main follows: griddesk:// links (registered as the OS's handler; a second
 * launch's argv, macOS's open-url, possibly before ready), activation, the last window closing
 * and the quit, which asks first (desktop/quit-guard.ts).
 */
import { resolve } from 'node:path';
import { app } from 'electron';
import { deepLinkFromArgv, deepLinkToPath, PROTOCOL } from '../deep-link';

/** What of main's process (main-process.ts' MainProcessInfo) the links and the last window need. */
interface ProcessFacts {
  argv: readonly string[];
  /** process.defaultApp: Electron runs our script (development). */
  defaultApp: boolean;
  execPath: string;
  platform: string;
}

export interface AppEventTargets {
  /** Shows the window, at `path` when one is given. */
  show(path?: string | null): void;
  /** False keeps the app running (the quit flow asks first, or is shutting the server down). */
  beforeQuit(): boolean;
  /** With a tray the window only hides, so the last window closing quits only where there is none. */
  hasTray(): boolean;
}

function registerProtocolClient(proc: ProcessFacts): void {
  // In development Electron runs our script, so the OS must be told to pass it along.
  if (proc.defaultApp && proc.argv[1]) {
    app.setAsDefaultProtocolClient(PROTOCOL, proc.execPath, [resolve(proc.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(PROTOCOL);
  }
}

export function followAppEvents(proc: ProcessFacts, targets: AppEventTargets): void {
  registerProtocolClient(proc);
  app.on('second-instance', (_event, argv) => targets.show(deepLinkFromArgv(argv)));
  // macOS delivers links as an event, possibly before ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    targets.show(deepLinkToPath(url));
  });
  app.on('activate', () => targets.show());
  app.on('window-all-closed', () => {
    if (!targets.hasTray() && proc.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => {
    if (!targets.beforeQuit()) event.preventDefault();
  });
}
