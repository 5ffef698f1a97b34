/**
 * The embedded database's lock (DATA_DIR/pglite.lock): one opener at a time, a live holder
 * named in the refusal, a dead or damaged one taken over, released only by its own opener.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, type LockRecord } from './data-dir-lock';

/** A pid that was a process on this host a moment ago and is none now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

const record = (over: Partial<LockRecord>): LockRecord => ({
  pid: process.pid,
  host: hostname(),
  holder: 'server',
  nonce: 'n'.repeat(24),
  since: new Date().toISOString(),
  ...over,
});

describe('the embedded database lock', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'griddesk-lock-'));
    file = join(dir, 'pglite.lock');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const take = (holder = 'server') => acquireDataDirLock(file, { holder, dataDir: dir });

  it('is created with this process as holder and removed on release (twice is harmless)', async () => {
    const lock = await take('admin');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as LockRecord;
    expect(stored).toMatchObject({ pid: process.pid, host: hostname(), holder: 'admin' });
    expect(stored.nonce).toMatch(/^[0-9a-f]{24}$/);
    lock.release();
    expect(existsSync(file)).toBe(false);
    lock.release();
    await take().then((again) => again.release());
  });

  it('refuses a second opener while the first holds it, naming the holder, its pid and DATA_DIR in one line', async () => {
    const lock = await take('server');
    try {
      const refused = await take('admin').then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataDirLockedError);
      const message = (refused as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toContain(`DATA_DIR ${dir} is in use by a running GridDesk server (pid ${process.pid} on ${hostname()}`);
      expect(message).toContain('stop it first');
      // The holder's lock is untouched.
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(lock.record);
    } finally {
      lock.release();
    }
  });

  it('names a holder that is not a server by its name', async () => {
    writeFileSync(file, JSON.stringify(record({ holder: 'admin' })));
    await expect(take()).rejects.toThrow(`is in use by a running "admin" process (pid ${process.pid}`);
  });

  it('takes over a lock whose process is dead on this host', async () => {
    writeFileSync(file, JSON.stringify(record({ pid: deadPid() })));
    const lock = await take();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(lock.record);
    lock.release();
  });

  it('takes over a lock written before this machine booted (its pid may be another process now)', async () => {
    writeFileSync(file, JSON.stringify(record({ since: '2000-01-01T00:00:00.000Z' })));
    const lock = await take();
    expect(lock.record.pid).toBe(process.pid);
    lock.release();
  });

  it.each([
    ['not JSON', '{"pid": 12'],
    ['JSON without a pid', JSON.stringify({ host: hostname(), holder: 'server' })],
    ['empty', ''],
  ])('takes over a damaged lock file (%s)', async (_case, content) => {
    writeFileSync(file, content);
    const lock = await take();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(lock.record);
    lock.release();
  });

  it('believes a lock of another host (a shared folder): its process cannot be looked at', async () => {
    writeFileSync(file, JSON.stringify(record({ pid: deadPid(), host: 'another-machine' })));
    await expect(take()).rejects.toThrow('on another-machine');
  });

  it('never removes a lock that is no longer its own on release', async () => {
    const lock = await take();
    const other = record({ pid: process.pid, nonce: 'o'.repeat(24) });
    writeFileSync(file, JSON.stringify(other)); // as if taken over by another opener
    lock.release();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(other);
  });
});
