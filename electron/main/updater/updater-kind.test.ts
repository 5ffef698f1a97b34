import { describe, expect, it } from 'vitest';
import { updaterKind } from './updater-kind';

describe("the installation's updater", () => {
  it('is NSIS on Windows and Squirrel.Mac on macOS', () => {
    expect(updaterKind('win32', undefined, null)).toEqual({ kind: 'nsis' });
    expect(updaterKind('darwin', undefined, null)).toEqual({ kind: 'mac' });
  });

  it('on Linux follows the AppImage runtime, then the package type the deb ships', () => {
    expect(updaterKind('linux', '/home/m/GridDesk.AppImage', 'deb')).toEqual({ kind: 'appimage' });
    expect(updaterKind('linux', undefined, 'deb\n')).toEqual({ kind: 'deb' });
  });

  it('is none, with the reason, for a run from a folder or a package GridDesk does not build', () => {
    expect(updaterKind('linux', undefined, null)).toEqual({
      kind: null,
      reason: 'not an AppImage, nor a deb built with a feed (resources/package-type)',
    });
    expect(updaterKind('linux', '', 'rpm')).toMatchObject({ kind: null });
    expect(updaterKind('freebsd', undefined, null)).toEqual({ kind: null, reason: 'no updater for freebsd' });
  });
});
