/**
 * Downloads an update file and keeps it only when its SHA-512 (and size, when the feed gives
 * one) match the feed: a truncated or altered download never reaches the installer. Written
 * under a temporary name and renamed once checked, so a half file is never taken for a whole.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { FeedFile } from './check';

export class DownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadError';
  }
}

export interface DownloadOptions {
  file: FeedFile;
  /** The folder the verified file is kept in (userData/updates). */
  dir: string;
  fetch: typeof fetch;
  timeoutMs?: number;
}

/** The name the file is kept under: the feed's own name, never a path out of `dir`. */
export function localName(file: FeedFile): string {
  let path: string;
  try {
    path = decodeURIComponent(new URL(file.href).pathname);
  } catch {
    throw new DownloadError(`${file.href} is not a valid file URL`);
  }
  // Both separators on every OS: a name with a backslash is a path on Windows.
  const name = path.split(/[\\/]/).pop() ?? '';
  if (!name || name === '.' || name === '..') throw new DownloadError(`${file.href} names no file`);
  return name;
}

/** The verified file's path; throws DownloadError (and leaves nothing behind) otherwise. */
export async function downloadVerified(options: DownloadOptions): Promise<string> {
  const { file, dir } = options;
  const target = join(dir, localName(file));
  const partial = `${target}.partial`;
  await mkdir(dir, { recursive: true });
  const response = await options.fetch(file.href, { signal: AbortSignal.timeout(options.timeoutMs ?? 30 * 60_000) });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new DownloadError(`${file.href} answered ${response.status}`);
  }
  const hash = createHash('sha512');
  const out = createWriteStream(partial);
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (file.size !== null && size > file.size) throw new DownloadError(`${file.href} is longer than the ${file.size} bytes the feed gives`);
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
    if (file.size !== null && size !== file.size) throw new DownloadError(`${file.href} has ${size} bytes, the feed gives ${file.size}`);
    const digest = hash.digest('base64');
    if (digest !== file.sha512) throw new DownloadError(`${file.href} does not match the feed's sha512`);
    await rename(partial, target);
    return target;
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
