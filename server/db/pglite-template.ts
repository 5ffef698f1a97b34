/**
 * A pre-initialised PGlite data directory shipped beside each server bundle
 * (scripts/build-pglite-template.mjs). PGlite's initdb costs seconds and a second wasm
 * instance's worth of memory on a first boot; unpacking the template costs well under one.
 *
 * The template is only a shortcut, never a source of truth: it is ignored unless it was made by
 * the installed PGlite version and its baked migrations are an exact prefix (same hashes, same
 * order) of the migrations this build applies. Migrations newer than the template are then
 * applied at boot as on any existing database.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rename, rm, rmdir, writeFile, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';

export const TEMPLATE_FILE = 'pglite-template.tar.gz';
/** Written beside the archive; the build script writes the same shape. */
export const TEMPLATE_META_FILE = 'pglite-template.json';

export interface TemplateMeta {
  pgliteVersion: string;
  /** The migrations baked in, in journal order: drizzle's folderMillis and sha256 hash. */
  migrations: { folderMillis: number; hash: string }[];
}

/** The lookup's reason when there simply is no template (running from source): not a warning. */
export const NO_TEMPLATE = 'no template';

export type TemplateLookup = { file: string; baked: number } | { file: null; reason: string };

/** The version of the @electric-sql/pglite this process would load, or null if unknown. */
export function installedPgliteVersion(): string | null {
  try {
    // The package's exports hide package.json; walk up from its entry instead.
    let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    for (let depth = 0; depth < 4; depth += 1) {
      const file = join(dir, 'package.json');
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
      }
      dir = dirname(dir);
    }
  } catch {
    // fall through: an unknown version never matches
  }
  return null;
}

function isTemplateMeta(value: unknown): value is TemplateMeta {
  const meta = value as Partial<TemplateMeta> | null;
  return (
    typeof meta?.pgliteVersion === 'string' &&
    Array.isArray(meta.migrations) &&
    meta.migrations.every((m) => typeof m?.folderMillis === 'number' && typeof m.hash === 'string')
  );
}

/** Why `meta` cannot seed a database migrated from `migrationsFolder`, or null when it can. */
export function templateMismatch(meta: TemplateMeta, migrationsFolder: string, pgliteVersion: string | null): string | null {
  if (meta.pgliteVersion !== pgliteVersion) {
    return `made by PGlite ${meta.pgliteVersion}, installed ${pgliteVersion ?? 'unknown'}`;
  }
  const current = readMigrationFiles({ migrationsFolder });
  if (meta.migrations.length > current.length) return 'it has migrations this build does not know';
  const diverged = meta.migrations.findIndex(
    (baked, i) => baked.folderMillis !== current[i]!.folderMillis || baked.hash !== current[i]!.hash,
  );
  return diverged >= 0 ? `its migration ${diverged} differs from this build's` : null;
}

/** Checks the template at `file` against its meta; a missing or unusable one says why. */
export async function readPgliteTemplate(file: string, migrationsFolder: string): Promise<TemplateLookup> {
  const metaFile = join(dirname(file), TEMPLATE_META_FILE);
  if (!existsSync(file) || !existsSync(metaFile)) return { file: null, reason: NO_TEMPLATE };
  let meta: unknown;
  try {
    meta = JSON.parse(await readFile(metaFile, 'utf8'));
  } catch {
    return { file: null, reason: `${metaFile} is not valid JSON` };
  }
  if (!isTemplateMeta(meta)) return { file: null, reason: `${metaFile} is malformed` };
  const mismatch = templateMismatch(meta, migrationsFolder, installedPgliteVersion());
  if (mismatch) return { file: null, reason: `template ignored: ${mismatch}` };
  return { file, baked: meta.migrations.length };
}

const BLOCK = 512;
/** Small files are written concurrently, at most this many bytes waiting at once. */
const SMALL_FILE = 256 * 1024;
const SMALL_BYTES_IN_FLIGHT = 4 * 1024 * 1024;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

/** Hands out byte counts from a stream of chunks, joining chunks only when asked. */
class ChunkQueue {
  private chunks: Buffer[] = [];
  length = 0;
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }
  take(bytes: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    const rest = all.subarray(bytes);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return all.subarray(0, bytes);
  }
}

interface Entry {
  path: string;
  type: 'file' | 'dir';
  size: number;
}

function parseHeader(header: Buffer): Entry {
  const name = field(header, 0, 100);
  const prefix = field(header, 345, 155);
  const path = `${prefix ? `${prefix}/` : ''}${name}`;
  const type = String.fromCharCode(header[156] ?? 0);
  if (type !== '0' && type !== '\0' && type !== '5') {
    throw new Error(`unexpected entry type ${JSON.stringify(type)} in template: ${path}`);
  }
  const size = parseInt(field(header, 124, 12).trim() || '0', 8);
  return { path, type: type === '5' ? 'dir' : 'file', size: type === '5' ? 0 : size };
}

/** Writes the archive's entries under `root`: small files concurrently, large ones streamed. */
class Extractor {
  private made = new Set<string>();
  private pending: Promise<void>[] = [];
  private pendingBytes = 0;
  private large: { handle: FileHandle; left: number } | null = null;
  constructor(private readonly root: string) {}

  target(path: string): string {
    const relative = normalize(path.replace(/^\/+/, ''));
    if (relative === '..' || relative.startsWith(`..${sep}`) || isAbsolute(relative)) {
      throw new Error(`unsafe path in template: ${path}`);
    }
    return join(this.root, relative);
  }

  async mkdir(dir: string): Promise<void> {
    if (this.made.has(dir)) return;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    this.made.add(dir);
  }

  async small(target: string, data: Buffer): Promise<void> {
    this.pending.push(writeFile(target, data, { mode: 0o600 }));
    this.pendingBytes += data.length;
    if (this.pendingBytes >= SMALL_BYTES_IN_FLIGHT || this.pending.length >= 64) await this.flush();
  }

  async openLarge(target: string, size: number): Promise<void> {
    this.large = { handle: await open(target, 'w', 0o600), left: size };
  }

  /** Feeds a large file; true once it is complete and closed. */
  async feedLarge(queue: ChunkQueue): Promise<boolean> {
    const large = this.large!;
    const piece = queue.take(Math.min(queue.length, large.left));
    await large.handle.write(piece);
    large.left -= piece.length;
    if (large.left > 0) return false;
    await large.handle.close();
    this.large = null;
    return true;
  }

  async flush(): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    await Promise.all(pending);
  }

  async abort(): Promise<void> {
    await Promise.allSettled(this.pending);
    await this.large?.handle.close().catch(() => undefined);
  }
}

/** Streams PGlite's dumpDataDir archive (gzipped ustar: files and directories) into `root`. */
async function extract(file: string, root: string): Promise<void> {
  const out = new Extractor(root);
  const queue = new ChunkQueue();
  // What the bytes at the head of the queue are: a header, a large file's data, or padding.
  let entry: Entry | null = null;
  let streaming = false;
  let skip = 0;
  try {
    for await (const chunk of createReadStream(file).pipe(createGunzip({ chunkSize: 256 * 1024 }))) {
      queue.push(chunk as Buffer);
      for (;;) {
        if (skip > 0) {
          if (queue.length < skip) break;
          queue.take(skip);
          skip = 0;
        }
        if (streaming) {
          if (queue.length === 0 || !(await out.feedLarge(queue))) break;
          streaming = false;
          skip = Math.ceil(entry!.size / BLOCK) * BLOCK - entry!.size;
          entry = null;
          continue;
        }
        if (!entry) {
          if (queue.length < BLOCK) break;
          const header = queue.take(BLOCK);
          if (header[0] === 0) {
            await out.flush();
            return; // the zero blocks that end the archive
          }
          entry = parseHeader(header);
        }
        const target = out.target(entry.path);
        if (entry.type === 'dir') {
          await out.mkdir(target);
          entry = null;
          continue;
        }
        await out.mkdir(dirname(target));
        if (entry.size > SMALL_FILE) {
          await out.openLarge(target, entry.size);
          streaming = true;
          continue;
        }
        const padded = Math.ceil(entry.size / BLOCK) * BLOCK;
        if (queue.length < padded) break;
        // Copied out of the chunk, so a small write never pins a whole 256 KiB chunk.
        await out.small(target, Buffer.from(queue.take(padded).subarray(0, entry.size)));
        entry = null;
      }
    }
    throw new Error('template archive is truncated');
  } catch (error) {
    await out.abort();
    throw error;
  }
}

/**
 * Unpacks the template into a new data directory with Node's own file system calls. Handing the
 * archive to PGlite (`loadDataDir`) would unpack it through the wasm file system, which grows
 * the wasm heap by the archive's ~40 MB for the life of the process, and is slower. It lands in
 * a sibling directory renamed into place, so a crash never leaves half a cluster.
 */
export async function unpackPgliteTemplate(file: string, dataDir: string): Promise<void> {
  await mkdir(dirname(dataDir), { recursive: true });
  // A new folder of its own (0700, a random suffix, made only where nothing is): a name known in
  // advance could be a link planted beside DATA_DIR/pglite, and the files would land through it.
  const staging = await mkdtemp(`${dataDir}.unpacking-`);
  try {
    await extract(file, staging);
    await rmdir(dataDir).catch(() => undefined); // an empty directory made beforehand
    await rename(staging, dataDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
