/**
 * What this installation can update itself with, which feed file describes it, and which of the
 * feed's files it needs. electron-builder's names: latest.yml (Windows), latest-mac.yml,
 * latest-linux.yml (x64) and latest-linux-<arch>.yml; macOS lists both architectures in one file.
 */
import type { UpdateFile } from './update-info';

/**
 * nsis: run the new installer silently. squirrel-mac: hand the zip to Squirrel.Mac (Electron's
 * autoUpdater). appimage: replace the AppImage file. manual: a deb or an unpackaged run, which
 * cannot replace itself: the member is offered the download.
 */
export type InstallKind = 'nsis' | 'squirrel-mac' | 'appimage' | 'manual';

export interface UpdateTarget {
  platform: NodeJS.Platform;
  arch: string;
  kind: InstallKind;
}

/** The running installation: `appImage` is the APPIMAGE variable the AppImage runtime sets. */
export function updateTarget(platform: NodeJS.Platform, arch: string, appImage: string | undefined): UpdateTarget {
  const kind: InstallKind =
    platform === 'win32' ? 'nsis' : platform === 'darwin' ? 'squirrel-mac' : platform === 'linux' && appImage ? 'appimage' : 'manual';
  return { platform, arch, kind };
}

/** The feed file for this platform and architecture. */
export function channelFile(platform: NodeJS.Platform, arch: string): string {
  if (platform === 'win32') return 'latest.yml';
  if (platform === 'darwin') return 'latest-mac.yml';
  if (arch === 'x64') return 'latest-linux.yml';
  return `latest-linux-${arch === 'arm' ? 'arm' : arch}.yml`;
}

function extensionOf(url: string): string {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  return path.slice(path.lastIndexOf('.'));
}

/** macOS files carry the architecture in their names; the x64 ones name none. */
function rightMacArch(file: UpdateFile, arch: string): boolean {
  const arm = /arm64/i.test(file.url);
  return arch === 'arm64' ? arm : !arm;
}

function firstWith(files: UpdateFile[], extension: string, keep: (f: UpdateFile) => boolean = () => true): UpdateFile | null {
  return files.find((f) => extensionOf(f.url) === extension && keep(f)) ?? null;
}

/** The file this target installs by itself; null for `manual`. */
export function installFile(files: UpdateFile[], target: UpdateTarget): UpdateFile | null {
  switch (target.kind) {
    case 'nsis':
      return firstWith(files, '.exe');
    case 'squirrel-mac':
      return firstWith(files, '.zip', (f) => rightMacArch(f, target.arch));
    case 'appimage':
      return firstWith(files, '.appimage');
    case 'manual':
      return null;
  }
}

/** The file a member downloads and installs by hand on this platform. */
export function downloadFile(files: UpdateFile[], target: UpdateTarget): UpdateFile | null {
  if (target.platform === 'win32') return firstWith(files, '.exe');
  if (target.platform === 'darwin') return firstWith(files, '.dmg', (f) => rightMacArch(f, target.arch));
  return firstWith(files, '.deb') ?? firstWith(files, '.appimage');
}
