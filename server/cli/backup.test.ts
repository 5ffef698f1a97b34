/**
 * `npm run backup` on the embedded database: refused while a server holds DATA_DIR (a copy
 * beside it could miss the pages it has not written back), a backup restored into an empty
 * DATA_DIR holds the member and their ledger rows, and the server boots on it. With DATABASE_URL
 * it copies nothing and prints the pg_dump command.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
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
      await post(database.db, { key: randomUUID(), kind: 'deposit', reference: '0xabc', legs: [{ userId: memberId, asset: 'USDT', amount: '120.5' }] });
      await post(database.db, { key: randomUUID(), kind: 'adjustment', reason: 'test', legs: [{ userId: memberId, asset: 'USDT', amount: '-20.25' }] });
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
      expect(io.stderr[0]).toContain(`backup refused: DATA_DIR ${dataDir} is in use by a running GridDesk server (pid ${process.pid}`);
      expect(io.stderr[0]).toContain('stop the server');
      expect(existsSync(out)).toBe(false);
      expect(readdirSync(work).filter((f) => f.startsWith('refused'))).toEqual([]);
    } finally {
      lock.release();
    }
  });

  it('backs up, restores into an empty DATA_DIR only, and the server boots on the restored one with the member and ledger intact', { timeout: 90_000 }, async () => {
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

    const server = await startPlatformServer({ env: { ...envOf(restoredDir), ROLES: 'api', HOST: '127.0.0.1', PORT: '0', SIM_PORT: '0', DEMO_TRADING: 'false' }, pgliteTemplate: false });
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
  });

  it('copies nothing on PostgreSQL and prints the pg_dump command instead', async () => {
    const io = memoryIo();
    expect(await runBackup(['--out', join(work, 'pg.tar.gz')], { ...envOf(dataDir), DATABASE_URL: 'postgres://griddesk:secret@db.internal/griddesk' }, io)).toBe(1);
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
