/** Update decisions against a feed served on loopback, as the generic provider serves one. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkForUpdate, type CheckOutcome } from './check';
import { updateTarget, type UpdateTarget } from './target';
import { latestYml, startLocalFeed, type LocalFeed } from './testing/local-feed';

const WINDOWS = updateTarget('win32', 'x64', undefined);
const NOTES = '## 0.2.0\n\n- Cycles: edit the number of rounds';

let feed: LocalFeed;
beforeEach(async () => {
  feed = await startLocalFeed();
});
afterEach(() => feed.close());

function check(currentVersion: string, target: UpdateTarget = WINDOWS, feedUrl = feed.url): Promise<CheckOutcome> {
  return checkForUpdate({ feedUrl, currentVersion, target, fetch, timeoutMs: 5_000 });
}

describe('checkForUpdate against a local feed', () => {
  it('offers a newer version with its installer, download and release notes', async () => {
    feed.put('latest.yml', latestYml('0.2.0', [{ url: 'GridDesk-Setup-0.2.0.exe', body: 'exe' }], NOTES));
    const outcome = await check('0.1.0');
    expect(outcome).toMatchObject({
      kind: 'update',
      version: '0.2.0',
      releaseNotes: NOTES,
      install: { url: 'GridDesk-Setup-0.2.0.exe', href: `${feed.url}GridDesk-Setup-0.2.0.exe`, size: 3 },
      download: { href: `${feed.url}GridDesk-Setup-0.2.0.exe` },
    });
    expect(feed.requests).toEqual(['/latest.yml']);
  });

  it('reports the same version as up to date', async () => {
    feed.put('latest.yml', latestYml('0.1.0', [{ url: 'GridDesk-Setup-0.1.0.exe', body: 'exe' }]));
    expect(await check('0.1.0')).toEqual({ kind: 'current', version: '0.1.0', reason: 'same' });
  });

  it('never offers an older version', async () => {
    feed.put('latest.yml', latestYml('0.0.9', [{ url: 'GridDesk-Setup-0.0.9.exe', body: 'exe' }]));
    expect(await check('0.1.0')).toEqual({ kind: 'current', version: '0.0.9', reason: 'older' });
  });

  it('keeps pre-releases from a release installation, offers them to a pre-release one', async () => {
    feed.put('latest.yml', latestYml('0.2.0-beta.1', [{ url: 'GridDesk-Setup-0.2.0-beta.1.exe', body: 'exe' }]));
    expect(await check('0.1.0')).toMatchObject({ kind: 'current', reason: 'prerelease' });
    expect(await check('0.2.0-alpha.3')).toMatchObject({ kind: 'update', version: '0.2.0-beta.1' });
  });

  it('reports a malformed feed file', async () => {
    feed.put('latest.yml', '<html>maintenance</html>');
    const outcome = await check('0.1.0');
    expect(outcome).toMatchObject({ kind: 'failed', reason: 'malformed' });
    expect(outcome.kind === 'failed' && outcome.message).toContain('latest.yml');
  });

  it('reports a feed without the file (404)', async () => {
    expect(await check('0.1.0')).toMatchObject({ kind: 'failed', reason: 'http-status', message: expect.stringContaining('404') });
  });

  it('reports an unreachable feed', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await check('0.1.0', WINDOWS, `http://127.0.0.1:${port}/`)).toMatchObject({
      kind: 'failed',
      reason: 'unreachable',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('refuses a feed file too large to be one', async () => {
    feed.put('latest.yml', `version: 0.2.0\nreleaseNotes: ${'x'.repeat(300 * 1024)}\n`);
    expect(await check('0.1.0')).toMatchObject({ kind: 'failed', reason: 'too-large' });
  });

  it('reads the macOS file and picks the zip and dmg of this architecture', async () => {
    feed.put(
      'latest-mac.yml',
      latestYml('0.2.0', [
        { url: 'GridDesk-0.2.0-x64.zip', body: 'zip-x64' },
        { url: 'GridDesk-0.2.0-arm64.zip', body: 'zip-arm' },
        { url: 'GridDesk-0.2.0-x64.dmg', body: 'dmg-x64' },
        { url: 'GridDesk-0.2.0-arm64.dmg', body: 'dmg-arm' },
      ]),
    );
    expect(await check('0.1.0', updateTarget('darwin', 'arm64', undefined))).toMatchObject({
      install: { url: 'GridDesk-0.2.0-arm64.zip' },
      download: { url: 'GridDesk-0.2.0-arm64.dmg' },
    });
    expect(await check('0.1.0', updateTarget('darwin', 'x64', undefined))).toMatchObject({
      install: { url: 'GridDesk-0.2.0-x64.zip' },
      download: { url: 'GridDesk-0.2.0-x64.dmg' },
    });
  });

  it('on Linux, replaces an AppImage and offers a deb installation the download', async () => {
    feed.put(
      'latest-linux.yml',
      latestYml('0.2.0', [
        { url: 'GridDesk-0.2.0-x86_64.AppImage', body: 'appimage' },
        { url: 'GridDesk-0.2.0-amd64.deb', body: 'deb' },
      ]),
    );
    expect(await check('0.1.0', updateTarget('linux', 'x64', '/home/m/GridDesk.AppImage'))).toMatchObject({
      install: { url: 'GridDesk-0.2.0-x86_64.AppImage' },
    });
    expect(await check('0.1.0', updateTarget('linux', 'x64', undefined))).toMatchObject({
      install: null,
      download: { url: 'GridDesk-0.2.0-amd64.deb' },
    });
    feed.put('latest-linux-arm64.yml', latestYml('0.2.0', [{ url: 'GridDesk-0.2.0-arm64.AppImage', body: 'a' }]));
    expect(await check('0.1.0', updateTarget('linux', 'arm64', '/opt/GridDesk.AppImage'))).toMatchObject({
      install: { url: 'GridDesk-0.2.0-arm64.AppImage' },
    });
  });

  it.each(['file:///C:/Windows/System32/calc.exe', 'http://downloads.example/GridDesk-Setup-0.2.0.exe', 'smb://host/share/setup.exe'])(
    'refuses a release whose file is %s',
    async (url) => {
      feed.put('latest.yml', latestYml('0.2.0', [{ url, body: 'exe' }]));
      expect(await check('0.1.0')).toMatchObject({ kind: 'failed', reason: 'malformed', message: expect.stringContaining('not an https URL') });
    },
  );

  it('follows an https file URL on another host', async () => {
    feed.put('latest.yml', latestYml('0.2.0', [{ url: 'https://cdn.griddesk.app/GridDesk-Setup-0.2.0.exe', body: 'exe' }]));
    expect(await check('0.1.0')).toMatchObject({ kind: 'update', install: { href: 'https://cdn.griddesk.app/GridDesk-Setup-0.2.0.exe' } });
  });

  it('reports a release that lists no file for this platform', async () => {
    feed.put('latest.yml', latestYml('0.2.0', [{ url: 'GridDesk-0.2.0.zip', body: 'zip' }]));
    expect(await check('0.1.0')).toMatchObject({ kind: 'failed', reason: 'no-file' });
  });
});
