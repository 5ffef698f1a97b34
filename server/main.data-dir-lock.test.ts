/**
 * `npm run server` on an embedded database, as its own process: while it runs, the admin CLI and
 * a second server on the same DATA_DIR are refused with one line naming the running server's pid
 * (they used to open the database beside it and lose what they wrote); once it stops, its lock is
 * gone and the CLI acts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPgliteDataDir } from './testing/pglite-templates';
import { TEST_ENV } from './testing/server';
import { runEntry, startEntry, type RunningEntry } from './testing/entry-process';
import { runAdmin } from './cli/admin';
import { memoryIo } from './cli/io';

describe('a running embedded server holds DATA_DIR', () => {
  let work: string;
  let env: Record<string, string>;
  let server: RunningEntry | null = null;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-server-lock-'));
    env = {
      JWT_SECRET: TEST_ENV.JWT_SECRET!,
      SECRETS_KEY: TEST_ENV.SECRETS_KEY!,
      DATA_DIR: join(work, 'data'),
      PORT: '0',
      SIM_PORT: '0',
      DEMO_TRADING: 'false',
      LOG_LEVEL: 'info',
      ROLES: 'api',
    };
    await seedPgliteDataDir(env.DATA_DIR!); // no initdb in the child
  });
  afterAll(async () => {
    await server?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it('refuses the admin CLI and a second server while it runs, and lets the CLI act once it stopped', async () => {
    server = await startEntry('server/main.ts', [], env, /platform server listening on/);
    const lockFile = join(env.DATA_DIR!, 'pglite.lock');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: server.pid, holder: 'server' });

    const io = memoryIo();
    expect(await runAdmin(['set-setting', 'minimumBotAmount', '250'], env, io)).toBe(1);
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toHaveLength(1);
    expect(io.stderr[0]).toContain(`is in use by a running GridDesk server (pid ${server.pid} on `);

    const second = await runEntry('server/main.ts', [], env);
    expect(second.code).toBe(1);
    const lines = second.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR ${env.DATA_DIR} is in use by a running GridDesk server (pid ${server.pid} on `);
    expect(second.stderr).not.toMatch(/\bat /);

    const stopped = await server.stop();
    server = null;
    expect(stopped.code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    const after = memoryIo();
    expect(await runAdmin(['set-setting', 'minimumBotAmount', '250'], env, after)).toBe(0);
    expect(after.stdout).toEqual(['minimumBotAmount = 250']);
  });
});
