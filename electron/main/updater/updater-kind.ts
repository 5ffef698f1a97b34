/**
 * Which of electron-updater's updaters this installation uses, picked the way its own
 * `autoUpdater` picks (NSIS on Windows, Squirrel.Mac on macOS; on Linux an AppImage, or the
 * package type electron-builder writes to resources/package-type for a deb), but explicitly, so
 * an installation that cannot update itself says why instead of failing at the first check.
 */
export type UpdaterKind = 'nsis' | 'mac' | 'appimage' | 'deb';

export type UpdaterChoice = { kind: UpdaterKind } | { kind: null; reason: string };

/**
 * `appImage`: the APPIMAGE variable the AppImage runtime sets (electron-updater's AppImageUpdater
 * reads it too); `packageType`: the text of resources/package-type, null without one.
 */
export function updaterKind(platform: NodeJS.Platform, appImage: string | undefined, packageType: string | null): UpdaterChoice {
  if (platform === 'win32') return { kind: 'nsis' };
  if (platform === 'darwin') return { kind: 'mac' };
  if (platform !== 'linux') return { kind: null, reason: `no updater for ${platform}` };
  if (appImage) return { kind: 'appimage' };
  if (packageType?.trim() === 'deb') return { kind: 'deb' };
  return { kind: null, reason: 'not an AppImage, nor a deb built with a feed (resources/package-type)' };
}
