/**
 * `npm run backup` on the embedded database: refused while a server holds DATA_DIR (a copy
 * beside it could miss the pages it has not written back), a backup restored into an empty
 * DATA_DIR holds the member and their ledger rows, and the server boots on it. With DATABASE_URL
 * it copies nothing and prints the pg_dump command.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { users } from '../db/schema';
import { balancesOf, ledgerOf } from '../modules/ledger/balances';
import { post } from '../modules/ledger/post';
import { startPlatformServer } from '../start';
import { insertMember } from '../testing/members';
import { seedPgliteDataDir } from '../testing/pglite-templates';
import { TEST_ENV } from '../testing/server';
import { runBackup } from './backup';
import { memoryIo } from './io';

describe('npm run backup (embedded database)', () => {
  let work: string;
  let dataDir: string;
  let memberId: string;
  const envOf = (dir: string) => ({ ...TEST_ENV, DATA_DIR: dir });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-backup-'));
    dataDir = join(work, 'data');
    await seedPgliteDataDir(dataDir);
    const database = await openDatabase(loadConfig(envOf(dataDir)));
    try {
      memberId = await insertMember(database.db);
      await post(database.db, {
        key: randomUUID(),
        kind: 'deposit',
        reference: '0xabc',
        legs: [{ userId: memberId, asset: 'USDT', amount: '120.5' }],
      });
      await post(database.db, {
        key: randomUUID(),
        kind: 'adjustment',
        reason: 'test',
        legs: [{ userId: memberId, asset: 'USDT', amount: '-20.25' }],
      });
    } finally {
      await database.close();
    }
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('refuses, in one line saying why, while a server holds DATA_DIR', async () => {
    const lock = await acquireDataDirLock(join(dataDir, 'pglite.lock'), { holder: 'server', dataDir });
    try {
      const io = memoryIo();
      const out = join(work, 'refused.tar.gz');
      expect(await runBackup(['--out', out], envOf(dataDir), io)).toBe(1);
      expect(io.stdout).toEqual([]);
      expect(io.stderr).toHaveLength(1);
      expect(io.stderr[0]).toContain(
        `backup refused: DATA_DIR ${dataDir} is in use by a running GridDesk server (pid ${process.pid}`,
      );
      expect(io.stderr[0]).toContain('stop the server');
      expect(existsSync(out)).toBe(false);
      expect(readdirSync(work).filter((f) => f.startsWith('refused'))).toEqual([]);
    } finally {
      lock.release();
    }
  });

  it(
    'backs up, restores into an empty DATA_DIR only, and the server boots on the restored one with the member and ledger intact',
    { timeout: 90_000 },
    async () => {
      const out = join(work, 'griddesk.tar.gz');
      const backedUp = memoryIo();
      expect(await runBackup(['--out', out], envOf(dataDir), backedUp)).toBe(0);
      expect(backedUp.stdout[0]).toContain(`to ${out}`);
      expect(backedUp.stdout[1]).toMatch(/SECRETS_KEY.*JWT_SECRET.*DEPOSIT_MNEMONIC.*HOT_WALLET_PRIVATE_KEY/);
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false); // the lock is given back
      // Never over an existing file, never over an existing database.
      expect(await runBackup(['--out', out], envOf(dataDir), memoryIo())).toBe(1);
      const overExisting = memoryIo();
      expect(await runBackup(['--restore', out], envOf(dataDir), overExisting)).toBe(1);
      expect(overExisting.stderr[0]).toContain('holds a database already');

      const restoredDir = join(work, 'restored');
      const restored = memoryIo();
      expect(await runBackup(['--restore', out], envOf(restoredDir), restored)).toBe(0);
      expect(restored.stdout[0]).toContain(`into ${restoredDir}`);

      const server = await startPlatformServer({
        env: { ...envOf(restoredDir), ROLES: 'api', HOST: '127.0.0.1', PORT: '0', SIM_PORT: '0', DEMO_TRADING: 'false' },
        pgliteTemplate: false,
      });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await server.close();

      const database = await openDatabase(loadConfig(envOf(restoredDir)));
      try {
        expect(await database.db.select({ id: users.id }).from(users).where(eq(users.id, memberId))).toHaveLength(1);
        expect((await ledgerOf(database.db, memberId)).map((e) => e.amount)).toEqual(['-20.25', '120.5']);
        expect((await balancesOf(database.db, memberId)).USDT).toBe('100.25');
      } finally {
        await database.close();
      }
    },
  );

  describe('the backup file', () => {
    let umask: number;
    beforeAll(() => {
      umask = process.umask(0o022);
    });
    afterAll(() => {
      process.umask(umask);
    });

    /** The start of a file, so a failure shows a few bytes, not a whole archive. */
    const head = (file: string) => readFileSync(file, 'latin1').slice(0, 24);

    /** A file outside the output folder that a planted link points at. */
    function victim(name: string): string {
      const file = join(work, `victim-${name}`);
      writeFileSync(file, 'not yours\n', { mode: 0o644 });
      return file;
    }

    it('is never written through a symbolic link planted at the name the temporary file had (OUT.partial-<pid>)', async () => {
      const out = join(work, 'linked-partial.tar.gz');
      const target = victim('partial');
      symlinkSync(target, `${out}.partial-${process.pid}`);
      expect(await runBackup(['--out', out], envOf(dataDir), memoryIo())).toBe(0);
      expect(head(target)).toBe('not yours\n');
      expect(readlinkSync(`${out}.partial-${process.pid}`)).toBe(target);
      expect(lstatSync(out).isFile()).toBe(true);
    });

    it('is 0600 under umask 022, whatever file was planted at the name the temporary file had', async () => {
      const out = join(work, 'planted-partial.tar.gz');
      writeFileSync(`${out}.partial-${process.pid}`, 'planted\n', { mode: 0o644 });
      expect(await runBackup(['--out', out], envOf(dataDir), memoryIo())).toBe(0);
      expect(statSync(out).mode & 0o777).toBe(0o600);
      expect(head(`${out}.partial-${process.pid}`)).toBe('planted\n');
      // No temporary file is left beside it.
      expect(readdirSync(work).filter((f) => f.startsWith('.planted-partial'))).toEqual([]);
    });

    it('refuses a symbolic link at OUT, dangling or not, and writes nothing through it', async () => {
      for (const [name, target] of [
        ['dangling', join(work, 'nowhere', 'victim')],
        ['existing', victim('out')],
      ] as const) {
        const out = join(work, `${name}-link.tar.gz`);
        symlinkSync(target, out);
        const io = memoryIo();
        expect(await runBackup(['--out', out], envOf(dataDir), io)).toBe(1);
        expect(io.stderr).toEqual([`${out} exists already (a symbolic link): name a new file (a backup never overwrites one)`]);
        expect(readlinkSync(out)).toBe(target);
      }
      expect(existsSync(join(work, 'nowhere'))).toBe(false);
      expect(head(join(work, 'victim-out'))).toBe('not yours\n');
    });

    it('never replaces an OUT that appears after the command checked for one', { timeout: 60_000 }, async () => {
      const out = join(work, 'raced.tar.gz');
      const io = memoryIo();
      const running = runBackup(['--out', out], envOf(dataDir), io);
      // The lock is taken after the check for OUT and long before the archive is written.
      let planted = false;
      const poll = setInterval(() => {
        if (planted || !existsSync(join(dataDir, 'pglite.lock'))) return;
        writeFileSync(out, 'written by someone else\n', { flag: 'wx' });
        planted = true;
      }, 2);
      const code = await running.finally(() => clearInterval(poll));
      expect(planted).toBe(true);
      expect(code).toBe(1);
      expect(io.stderr).toEqual([`${out} appeared while the backup ran: name a new file (a backup never overwrites one)`]);
      expect(head(out)).toBe('written by someone else\n');
      expect(readdirSync(work).filter((f) => f.startsWith('.raced'))).toEqual([]);
    });
  });

  describe('a restore', () => {
    let out: string;
    beforeAll(async () => {
      out = join(work, 'for-restore.tar.gz');
      expect(await runBackup(['--out', out], envOf(dataDir), memoryIo())).toBe(0);
    }, 60_000);

    it('leaves nothing group- or world-readable, under umask 022', { timeout: 60_000 }, async () => {
      const restoredDir = join(work, 'private-restore');
      const umask = process.umask(0o022);
      try {
        expect(await runBackup(['--restore', out], envOf(restoredDir), memoryIo())).toBe(0);
      } finally {
        process.umask(umask);
      }
      const open: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if ((lstatSync(path).mode & 0o077) !== 0) open.push(`${(lstatSync(path).mode & 0o777).toString(8)} ${path}`);
          if (entry.isDirectory()) walk(path);
        }
      };
      walk(join(restoredDir, 'pglite'));
      expect(readdirSync(join(restoredDir, 'pglite'))).toContain('PG_VERSION');
      expect(open).toEqual([]);
      expect(statSync(join(restoredDir, 'pglite')).mode & 0o777).toBe(0o700);
    });

    it('refuses a DATA_DIR whose pglite is a symbolic link, and writes nothing through it', async () => {
      const restoredDir = join(work, 'linked-restore');
      const elsewhere = join(work, 'elsewhere');
      await mkdir(restoredDir, { recursive: true });
      await mkdir(elsewhere);
      symlinkSync(elsewhere, join(restoredDir, 'pglite'));
      const io = memoryIo();
      expect(await runBackup(['--restore', out], envOf(restoredDir), io)).toBe(1);
      expect(io.stderr).toEqual([
        `${join(restoredDir, 'pglite')} is a symbolic link: restore into a DATA_DIR whose pglite folder is absent or empty (a real folder, not a link)`,
      ]);
      expect(readdirSync(elsewhere)).toEqual([]);
      expect(readlinkSync(join(restoredDir, 'pglite'))).toBe(elsewhere);
      expect(readdirSync(restoredDir).sort()).toEqual(['pglite']);
      await writeFile(join(elsewhere, 'kept'), '');
    });
  });

  it('copies nothing on PostgreSQL and prints the pg_dump command instead', async () => {
    const io = memoryIo();
    expect(
      await runBackup(
        ['--out', join(work, 'pg.tar.gz')],
        { ...envOf(dataDir), DATABASE_URL: 'postgres://griddesk:secret@db.internal/griddesk' },
        io,
      ),
    ).toBe(1);
    expect(io.stderr).toHaveLength(1);
    expect(io.stderr[0]).toContain('pg_dump --format=custom');
    expect(io.stderr[0]).toContain('pg_restore');
    expect(io.stderr[0]).not.toContain('secret@');
  });

  it('asks for exactly one of --out and --restore', async () => {
    const io = memoryIo();
    expect(await runBackup([], envOf(dataDir), io)).toBe(1);
    expect(io.stderr[0]).toContain('give either --out FILE or --restore FILE');
  });
});
