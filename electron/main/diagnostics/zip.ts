/**
 * The diagnostics archive in memory, written by fflate (a few megabytes at most, so no
 * streaming). Names are checked here: an entry must stay inside the folder it is unzipped into.
 */
import { zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  /** A relative path with forward slashes. */
  name: string;
  data: Buffer | string;
  modified?: Date;
}

function checkName(name: string): string {
  if (!name || name.startsWith('/') || name.includes('\\') || name.split('/').includes('..')) {
    throw new Error(`zip: ${JSON.stringify(name)} is not a relative path`);
  }
  return name;
}

/** Already-compressed data (a .gz, a .zip) is stored as it is: deflating it again only costs time. */
const COMPRESSED = /\.(gz|zip|png|jpg)$/i;

export function createZip(entries: ZipEntry[], now = new Date()): Buffer {
  const files: Zippable = {};
  for (const entry of entries) {
    const name = checkName(entry.name);
    if (name in files) throw new Error(`zip: ${JSON.stringify(name)} is in the archive twice`);
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    files[name] = [
      new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      { level: COMPRESSED.test(name) ? 0 : 6, mtime: entry.modified ?? now },
    ];
  }
  const zip = zipSync(files);
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}
