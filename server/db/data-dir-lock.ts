/**
 * One process at a time on an embedded (PGlite) database. PGlite keeps its pages in the opening
 * process's memory and writes them back on its own schedule: a second process on the same
 * directory (the admin CLI beside a running server, or a second server) writes pages the first
 * never reads and later overwrites, so what the second one reported as stored is lost. The first
 * opener therefore holds `<pglite dir>.lock` (DATA_DIR/pglite.lock), created atomically, and
 * every other opener refuses with one line until it is released. PostgreSQL needs none of this.
 *
 * A lock whose process is gone (a crash, a kill -9, a reboot) is taken over: its pid is dead on
 * this host, or it was written before the machine booted, or the file is damaged.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import { ConfigError } from '../config/config';

/** Who holds the lock, shown to whoever is refused: 'server', 'admin', 'seed-demo', 'faucet'. */
export type LockHolder = string;

/** What the lock file holds (JSON). */
export interface LockRecord {
  pid: number;
  host: string;
  holder: LockHolder;
  /** Tells this opener's lock from a later one's, so a release never deletes another's. */
  nonce: string;
  /** ISO time the lock was taken. */
  since: string;
}

export interface DataDirLock {
  file: string;
  record: LockRecord;
  /** Deletes the file if it is still this opener's; safe to call twice. */
  release(): void;
}

/** Another live process holds the database: one line, like a configuration error. */
export class DataDirLockedError extends ConfigError {
  override name = 'DataDirLockedError';
}

export interface LockProbes {
  /** Whether a process with this pid runs on this host (default: signal 0). */
  alive(pid: number): boolean;
  host: string;
  /** When this machine booted (ms since the epoch): a lock from before then is stale. */
  bootedAt: number;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const systemProbes = (): LockProbes => ({ alive: processAlive, host: hostname(), bootedAt: Date.now() - uptime() * 1000 });

/** os.uptime() is whole seconds on some systems and clocks drift: a lock this close to boot is not judged by it. */
const BOOT_SLACK_MS = 60_000;

type Found = { kind: 'record'; record: LockRecord; raw: string } | { kind: 'damaged'; raw: string } | { kind: 'gone' };

function readLock(file: string): Found {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'gone' };
    throw error;
  }
  try {
    const record = JSON.parse(raw) as Partial<LockRecord>;
    const valid =
      typeof record.pid === 'number' &&
      Number.isInteger(record.pid) &&
      record.pid > 0 &&
      typeof record.host === 'string' &&
      typeof record.holder === 'string' &&
      typeof record.nonce === 'string' &&
      typeof record.since === 'string';
    return valid ? { kind: 'record', record: record as LockRecord, raw } : { kind: 'damaged', raw };
  } catch {
    return { kind: 'damaged', raw };
  }
}

function isLive(record: LockRecord, probes: LockProbes): boolean {
  // Another machine's process cannot be looked at (a shared folder): it is believed.
  if (record.host !== probes.host) return true;
  const since = Date.parse(record.since);
  if (Number.isFinite(since) && since < probes.bootedAt - BOOT_SLACK_MS) return false; // its pid may be someone else's now
  return probes.alive(record.pid);
}

function whoHolds(record: LockRecord): string {
  return record.holder === 'server' ? 'a running GridDesk server' : `a running "${record.holder}" process`;
}

function lockedError(dataDir: string, file: string, record: LockRecord): DataDirLockedError {
  return new DataDirLockedError(
    `DATA_DIR ${dataDir} is in use by ${whoHolds(record)} (pid ${record.pid} on ${record.host}, since ${record.since}): ` +
      `stop it first, the embedded database allows one process only (if no such process runs, delete ${file})`,
  );
}

/** Creates the file only if there is none (O_EXCL), with the whole record in one write. */
function create(file: string, record: LockRecord): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(record));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Moves a stale lock out of the way only if it is still the one judged stale: it is renamed
 * aside first and compared, so two openers taking over the same stale lock cannot delete each
 * other's new one (the loser puts it back and sees it held).
 */
function removeStale(file: string, judged: string): void {
  const aside = `${file}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  let moved: string;
  try {
    moved = readFileSync(aside, 'utf8');
  } catch {
    moved = judged; // unreadable: treated as what was judged
  }
  if (moved !== judged) {
    try {
      linkSync(aside, file); // someone's fresh lock: back where it was, unless another is there
    } catch {
      // EEXIST: a newer lock stands; the moved one's owner finds its file gone on release
    }
  }
  unlinkSync(aside);
}

/** A file caught between its creation and its one write reads empty: looked at again before it is judged damaged. */
async function settled(file: string): Promise<Found> {
  let found = readLock(file);
  for (let attempt = 0; attempt < 5 && found.kind === 'damaged' && found.raw === ''; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
    found = readLock(file);
  }
  return found;
}

/**
 * Takes `file` for `holder`, or throws DataDirLockedError naming the live holder. The directory
 * that holds `file` must exist (the caller decides whether to create it).
 */
export async function acquireDataDirLock(
  file: string,
  options: { holder: LockHolder; dataDir: string; probes?: LockProbes },
): Promise<DataDirLock> {
  const probes = options.probes ?? systemProbes();
  const record: LockRecord = {
    pid: process.pid,
    host: probes.host,
    holder: options.holder,
    nonce: randomBytes(12).toString('hex'),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (create(file, record)) return held(file, record);
    const found = await settled(file);
    if (found.kind === 'gone') continue;
    if (found.kind === 'record' && isLive(found.record, probes)) throw lockedError(options.dataDir, file, found.record);
    removeStale(file, found.raw);
  }
  const last = readLock(file);
  if (last.kind === 'record') throw lockedError(options.dataDir, file, last.record);
  throw new DataDirLockedError(`DATA_DIR ${options.dataDir}: could not take ${file}; stop every process using it and try again`);
}

/** Process exit (a crash, Ctrl+C without close) leaves no lock for the next start to judge. */
const releasers = new Set<() => void>();
let exitHooked = false;

function held(file: string, record: LockRecord): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    releasers.delete(release);
    const found = readLock(file);
    if (found.kind === 'record' && found.record.nonce === record.nonce) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  releasers.add(release);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const releaseOne of [...releasers]) releaseOne();
    });
  }
  return { file, record, release };
}
