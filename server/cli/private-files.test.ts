/**
 * The backup's files: a new file at OUT, 0600, never through a planted link and never over a file
 * that is there when it is put in place; a folder without hard links refused in one line; a
 * restored tree made private without following links. backup.test.ts drives the same through
 * the CLI.
 */
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { link, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config/config';
import { makeTreePrivate, unpredictableTempName, writeNewPrivateFile } from './private-files';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return { ...actual, link: vi.fn(actual.link) };
});

const DATA = Buffer.from('password hashes and sealed keys\n');

describe('writeNewPrivateFile', () => {
  let dir: string;
  let umask: number;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'griddesk-private-files-'));
    umask = process.umask(0o022);
  });
  afterEach(async () => {
    process.umask(umask);
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a new file 0600 under umask 022 and leaves no temporary file', async () => {
    const out = join(dir, 'backup.tar.gz');
    await writeNewPrivateFile(out, DATA);
    expect(readFileSync(out)).toEqual(DATA);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(statSync(out).nlink).toBe(1);
    expect(readdirSync(dir)).toEqual(['backup.tar.gz']);
  });

  it('names its temporary file beside OUT, hidden and different every time', () => {
    const out = join(dir, 'backup.tar.gz');
    const names = new Set(Array.from({ length: 20 }, () => unpredictableTempName(out)));
    expect(names.size).toBe(20);
    for (const name of names) {
      expect(dirname(name)).toBe(dir);
      expect(name).toMatch(/\/\.backup\.tar\.gz\.[0-9a-f]{24}\.partial$/);
    }
  });

  it('never follows a symbolic link planted where the temporary file goes, dangling or not', async () => {
    const out = join(dir, 'backup.tar.gz');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'not yours\n');
    for (const target of [victim, join(dir, 'nowhere')]) {
      const temp = join(dir, '.planted');
      symlinkSync(target, temp);
      await expect(writeNewPrivateFile(out, DATA, () => temp)).rejects.toThrow(
        new ConfigError(`${temp} exists already: nothing was written (run the backup again)`),
      );
      expect(readlinkSync(temp)).toBe(target);
      await rm(temp);
    }
    expect(readFileSync(victim, 'utf8')).toBe('not yours\n');
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
    expect(existsSync(out)).toBe(false);
  });

  it('never replaces what is at OUT when it is put in place (a file or a link), and removes its temporary file', async () => {
    const file = join(dir, 'taken.tar.gz');
    writeFileSync(file, 'someone else\n');
    const linked = join(dir, 'linked.tar.gz');
    symlinkSync(join(dir, 'nowhere'), linked);
    for (const out of [file, linked]) {
      await expect(writeNewPrivateFile(out, DATA)).rejects.toThrow(
        new ConfigError(`${out} appeared while the backup ran: name a new file (a backup never overwrites one)`),
      );
    }
    expect(readFileSync(file, 'utf8')).toBe('someone else\n');
    expect(lstatSync(linked).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['linked.tar.gz', 'taken.tar.gz']);
  });

  it('says in one line that the folder has no hard links, rather than renaming over OUT', async () => {
    const out = join(dir, 'backup.tar.gz');
    vi.mocked(link).mockRejectedValueOnce(Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' }));
    await expect(writeNewPrivateFile(out, DATA)).rejects.toThrow(
      new ConfigError(
        `${dir} does not support hard links (EPERM), which a backup needs to be put in place without replacing a file: write it to a folder on a local file system (ext4, xfs, btrfs, APFS, NTFS)`,
      ),
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('makeTreePrivate', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'griddesk-private-tree-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('makes folders 0700 and files 0600, and never changes what a link points at', async () => {
    const root = join(dir, 'pglite');
    mkdirSync(join(root, 'base', '5'), { recursive: true, mode: 0o755 });
    writeFileSync(join(root, 'PG_VERSION'), '17\n', { mode: 0o666 });
    writeFileSync(join(root, 'base', '5', 'pg_internal.init'), '', { mode: 0o644 });
    const outside = join(dir, 'outside');
    writeFileSync(outside, '');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(root, 'base', 'link'));
    chmodSync(root, 0o755);

    await makeTreePrivate(root);
    const modes = Object.fromEntries(
      ['', 'PG_VERSION', 'base', 'base/5', 'base/5/pg_internal.init'].map((p) => [
        p,
        (lstatSync(join(root, p)).mode & 0o777).toString(8),
      ]),
    );
    expect(modes).toEqual({ '': '700', PG_VERSION: '600', base: '700', 'base/5': '700', 'base/5/pg_internal.init': '600' });
    expect(statSync(outside).mode & 0o777).toBe(0o644);
  });
});
