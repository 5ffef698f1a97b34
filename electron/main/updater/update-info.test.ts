import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sha512Base64 } from './testing/local-feed';
import { MalformedFeedError, parseUpdateInfo } from './update-info';

/** electron-builder's own serializer, so the parser is held to what `npm run dist` writes. */
const { serializeToYaml } = createRequire(import.meta.url)('builder-util') as { serializeToYaml(o: object): string };

const SHA = sha512Base64('installer');

describe('latest.yml', () => {
  it('reads what electron-builder writes, release notes included', () => {
    const notes = "## 0.2.0\n\n- Bots: 'quoted' and \"double\" text: kept\n- #42 fixed\n\nLast line";
    const text = serializeToYaml({
      version: '0.2.0',
      files: [
        { url: 'GridDesk-0.2.0-x64.zip', sha512: SHA, size: 1234 },
        { url: 'GridDesk-0.2.0-arm64.dmg', sha512: SHA, size: 99, blockMapSize: 12 },
      ],
      path: 'GridDesk-0.2.0-x64.zip',
      sha512: SHA,
      releaseDate: '2026-11-27T10:00:00.000Z',
      releaseNotes: notes,
    });
    const info = parseUpdateInfo(text);
    expect(info).toMatchObject({
      version: '0.2.0',
      releaseNotes: notes,
      releaseDate: '2026-11-27T10:00:00.000Z',
      files: [
        { url: 'GridDesk-0.2.0-x64.zip', sha512: SHA, size: 1234 },
        { url: 'GridDesk-0.2.0-arm64.dmg', sha512: SHA, size: 99 },
      ],
    });
  });

  it('reads the older one-file form (path and sha512 at the top)', () => {
    const info = parseUpdateInfo(`version: 1.0.0\npath: GridDesk Setup.exe\nsha512: ${SHA}\n`);
    expect(info.files).toEqual([{ url: 'GridDesk Setup.exe', sha512: SHA, size: null }]);
    expect(info.releaseNotes).toBeNull();
  });

  it('keeps a # inside quotes and drops a trailing comment', () => {
    const info = parseUpdateInfo(`version: 1.0.0 # released\nfiles:\n  - url: 'GridDesk #1.exe' # the installer\n    sha512: "${SHA}"\n`);
    expect(info.version).toBe('1.0.0');
    expect(info.files[0]).toEqual({ url: 'GridDesk #1.exe', sha512: SHA, size: null });
  });

  it('reads quoted scalars and folded notes', () => {
    const info = parseUpdateInfo(
      `version: '1.0.0'\nfiles:\n  - url: "a\\u00e9.exe"\n    sha512: ${SHA}\nreleaseNotes: >-\n  one\n  two\n\n  three\n`,
    );
    expect(info.files[0]!.url).toBe('aé.exe');
    expect(info.releaseNotes).toBe('one two\nthree');
  });

  it.each([
    ['an empty file', ''],
    ['HTML from a misconfigured server', '<html><body>Not here</body></html>'],
    ['a version that is not semver', `version: latest\nfiles:\n  - url: a.exe\n    sha512: ${SHA}\n`],
    ['no files', 'version: 1.0.0\n'],
    ['an empty files list', 'version: 1.0.0\nfiles:\n'],
    ['a file without sha512', 'version: 1.0.0\nfiles:\n  - url: a.exe\n    size: 3\n'],
    ['a sha512 that is not base64 SHA-512', 'version: 1.0.0\nfiles:\n  - url: a.exe\n    sha512: abc\n'],
    ['a negative size', `version: 1.0.0\nfiles:\n  - url: a.exe\n    sha512: ${SHA}\n    size: -1\n`],
    ['JSON', '{"version":"1.0.0"}'],
    ['flow-style YAML', 'version: 1.0.0\nfiles: [a.exe]\n'],
    ['a duplicated key', 'version: 1.0.0\nversion: 2.0.0\n'],
    ['an unterminated string', `version: '1.0.0\nfiles:\n  - url: a.exe\n    sha512: ${SHA}\n`],
  ])('refuses %s', (_name, text) => {
    expect(() => parseUpdateInfo(text)).toThrow(MalformedFeedError);
  });
});
