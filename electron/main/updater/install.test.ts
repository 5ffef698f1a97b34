import { mkdtemp, readFile, rm, stat, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nsisArguments, replaceAppImage } from './install';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-install-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('installing an update', () => {
  it('runs the NSIS installer silently as an update, starting the app only on a restart', () => {
    expect(nsisArguments('now')).toEqual(['--updated', '/S', '--force-run']);
    expect(nsisArguments('on-quit')).toEqual(['--updated', '/S']);
  });

  it('puts the new AppImage in place of the running one, executable, with nothing left beside it', async () => {
    const appImage = join(dir, 'GridDesk.AppImage');
    const downloaded = join(dir, 'GridDesk-0.2.0.AppImage');
    await writeFile(appImage, 'old', { mode: 0o755 });
    await writeFile(downloaded, 'new', { mode: 0o644 });
    await replaceAppImage(downloaded, appImage);
    expect(await readFile(appImage, 'utf8')).toBe('new');
    if (process.platform !== 'win32') expect((await stat(appImage)).mode & 0o777).toBe(0o755);
    expect((await readdir(dir)).sort()).toEqual(['GridDesk-0.2.0.AppImage', 'GridDesk.AppImage']);
  });

  it('leaves the running AppImage as it was when the copy fails', async () => {
    const appImage = join(dir, 'GridDesk.AppImage');
    await writeFile(appImage, 'old');
    await expect(replaceAppImage(join(dir, 'missing'), appImage)).rejects.toThrow();
    expect(await readFile(appImage, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['GridDesk.AppImage']);
  });
});
