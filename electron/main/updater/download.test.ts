import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedFile } from './check';
import { DownloadError, downloadVerified, localName } from './download';
import { sha512Base64, startLocalFeed, type LocalFeed } from './testing/local-feed';

const BODY = Buffer.alloc(200_000, 7);

let feed: LocalFeed;
let dir: string;
beforeEach(async () => {
  feed = await startLocalFeed();
  dir = await mkdtemp(join(tmpdir(), 'griddesk-update-'));
  feed.put('GridDesk-Setup-0.2.0.exe', BODY);
});
afterEach(async () => {
  await feed.close();
  await rm(dir, { recursive: true, force: true });
});

function file(overrides: Partial<FeedFile> = {}): FeedFile {
  return { url: 'GridDesk-Setup-0.2.0.exe', href: `${feed.url}GridDesk-Setup-0.2.0.exe`, sha512: sha512Base64(BODY), size: BODY.length, ...overrides };
}

describe('downloadVerified', () => {
  it('keeps a file whose SHA-512 and size match the feed', async () => {
    const path = await downloadVerified({ file: file(), dir, fetch });
    expect(path).toBe(join(dir, 'GridDesk-Setup-0.2.0.exe'));
    expect((await readFile(path)).equals(BODY)).toBe(true);
    expect(await readdir(dir)).toEqual(['GridDesk-Setup-0.2.0.exe']);
  });

  it.each([
    ['another SHA-512', { sha512: sha512Base64('something else') }, /sha512/],
    ['a size the body is longer than', { size: 100 }, /longer/],
    ['a size the body is shorter than', { size: BODY.length + 1 }, /has 200000 bytes/],
  ])('refuses a download against %s and leaves nothing behind', async (_name, overrides, message) => {
    await expect(downloadVerified({ file: file(overrides), dir, fetch })).rejects.toThrow(message);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a missing file', async () => {
    await expect(downloadVerified({ file: file({ href: `${feed.url}gone.exe` }), dir, fetch })).rejects.toThrow(DownloadError);
  });

  it.each([
    ['x/..%2F..%2Fevil.exe', 'evil.exe'],
    ['..%5C..%5Cevil.exe', 'evil.exe'],
    ['a/b/GridDesk%20Setup.exe', 'GridDesk Setup.exe'],
  ])('keeps %s under a plain name inside its folder', (path, name) => {
    expect(localName(file({ href: `https://u.example/${path}` }))).toBe(name);
  });

  it('refuses a URL that names no file', () => {
    expect(() => localName(file({ href: 'https://u.example/feed/..%2F..' }))).toThrow(DownloadError);
  });
});
