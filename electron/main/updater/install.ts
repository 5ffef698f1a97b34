/**
 * Installing a verified update, for the two kinds that do it without Electron's help. The NSIS
 * installer electron-builder makes understands `--updated` (an update: keep the install folder
 * and shortcuts, close the running app), `/S` (silent) and `--force-run` (start the app when
 * done). An AppImage is one file: the new one replaces it, and the running copy keeps its
 * mounted image until it exits.
 */
import { spawn } from 'node:child_process';
import { chmod, copyFile, rename, rm } from 'node:fs/promises';

/** `now`: the member chose to restart. `on-quit`: installed as the app quits, not started again. */
export type InstallMoment = 'now' | 'on-quit';

export function nsisArguments(moment: InstallMoment): string[] {
  return moment === 'now' ? ['--updated', '/S', '--force-run'] : ['--updated', '/S'];
}

/** Starts a program that outlives this process (the installer, the new AppImage). */
export function startDetached(file: string, args: string[]): void {
  const child = spawn(file, args, { detached: true, stdio: 'ignore' });
  // An installer that cannot start must not take the app down with an unhandled error event.
  child.on('error', (error) => console.error(`GridDesk update: could not start ${file}`, error));
  child.unref();
}

/**
 * Puts the downloaded AppImage in place of the running one. Copied beside the target first
 * (the download may be on another file system) and renamed over it, so the target is never a
 * half-written file.
 */
export async function replaceAppImage(downloaded: string, appImage: string): Promise<void> {
  const staged = `${appImage}.update`;
  try {
    await copyFile(downloaded, staged);
    await chmod(staged, 0o755);
    await rename(staged, appImage);
  } catch (error) {
    await rm(staged, { force: true });
    throw error;
  }
}
