/**
 * The files `npm run backup` writes hold password hashes, sealed exchange keys and members'
 * details: they are the server user's alone (0600, folders 0700) and are never written through a
 * name someone else could have planted in a shared folder.
 *
 * A backup goes to a temporary file with a random name, created only if nothing (not even a
 * dangling symbolic link) is there (O_CREAT|O_EXCL, and O_NOFOLLOW), fsync'd, then hard-linked to
 * its final name: link() fails with EEXIST when anything is there, so a file that appeared after
 * the command checked is never replaced, as rename() would. The temporary name is then removed.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, link, lstat, open, readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ConfigError } from '../config/config';

/** Create, write only, and fail on anything already there; O_NOFOLLOW does not exist on Windows. */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** What link() answers on a file system without hard links (FAT, exFAT, some network mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** A name beside `out` that nobody can guess in advance: `.<name>.<24 hex>.partial`. */
export function unpredictableTempName(out: string): string {
  return join(dirname(out), `.${basename(out)}.${randomBytes(12).toString('hex')}.partial`);
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** Refuses when anything, a symbolic link included (dangling or not), is at `out`. */
export async function refuseExisting(out: string): Promise<void> {
  const found = await lstat(out).then(
    (stats) => stats,
    (error: unknown) => {
      if (codeOf(error) === 'ENOENT') return null;
      throw error;
    },
  );
  if (found)
    throw new ConfigError(
      `${out} exists already${found.isSymbolicLink() ? ' (a symbolic link)' : ''}: name a new file (a backup never overwrites one)`,
    );
}

async function linkInPlace(temp: string, out: string): Promise<void> {
  try {
    await link(temp, out);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'EEXIST')
      throw new ConfigError(`${out} appeared while the backup ran: name a new file (a backup never overwrites one)`);
    if (code && NO_HARD_LINKS.has(code)) {
      throw new ConfigError(
        `${dirname(out)} does not support hard links (${code}), which a backup needs to be put in place without replacing a file: write it to a folder on a local file system (ext4, xfs, btrfs, APFS, NTFS)`,
      );
    }
    throw error;
  }
}

/** After the link, so the new name survives a power cut; best effort (Windows cannot open a folder). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => null);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}

/**
 * Writes `data` as a new file at `out`, 0600, or refuses: never over an existing file, never
 * through a symbolic link. `tempName` is for tests that plant something where the file would go.
 */
export async function writeNewPrivateFile(out: string, data: Uint8Array, tempName = unpredictableTempName): Promise<void> {
  const temp = tempName(out);
  const handle = await open(temp, CREATE_NEW, 0o600).catch((error: unknown) => {
    // Something planted there (or a name collision): it is left alone, never written or removed.
    if (codeOf(error) === 'EEXIST' || codeOf(error) === 'ELOOP')
      throw new ConfigError(`${temp} exists already: nothing was written (run the backup again)`);
    throw error;
  });
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await linkInPlace(temp, out);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  await syncFolder(dirname(out));
}

/**
 * Folders 0700 and files 0600 under `root` (a restored PGlite cluster: PGlite creates some of
 * its files 0644 or 0666). Symbolic links are not followed; a cluster holds none.
 */
export async function makeTreePrivate(root: string): Promise<void> {
  await chmod(root, 0o700);
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) await makeTreePrivate(path);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}
