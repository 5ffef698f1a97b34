import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseTargets, oneDatabaseTarget, type LocalPostgres } from './databases';

const dirs: string[] = [];
/** Nothing listens on port 1 of the loopback: a PostgreSQL that cannot be reached, with a marker of its own. */
function nowhere(): LocalPostgres {
  const dir = mkdtempSync(join(tmpdir(), 'griddesk-db-targets-'));
  dirs.push(dir);
  return { host: '127.0.0.1', port: 1, marker: join(dir, 'warned') };
}

describe('database targets', () => {
  const saved = process.env.TEST_DATABASE_URL;
  const savedChoice = process.env.TEST_DATABASE;
  // These tests say what the rule does with no choice made; `npm run test:server` makes one.
  beforeEach(() => {
    delete process.env.TEST_DATABASE;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
    if (savedChoice === undefined) delete process.env.TEST_DATABASE;
    else process.env.TEST_DATABASE = savedChoice;
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('fails when TEST_DATABASE_URL is set but cannot be reached, instead of testing PGlite alone', async () => {
    process.env.TEST_DATABASE_URL = 'postgres://nobody:secret@127.0.0.1:1/postgres';
    const message = await databaseTargets(nowhere()).then(
      () => null,
      (error: unknown) => (error as Error).message,
    );
    expect(message).toMatch(
      /^TEST_DATABASE_URL is set but PostgreSQL at postgres:\/\/nobody@127\.0\.0\.1:1\/postgres cannot be reached/,
    );
    expect(message).not.toContain('secret');
  });

  it('says once per run, on stderr, that the PostgreSQL half is skipped when none is reachable', async () => {
    delete process.env.TEST_DATABASE_URL;
    const local = nowhere();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect((await databaseTargets(local)).map((t) => t.name)).toEqual(['pglite']);
    expect((await databaseTargets(local)).map((t) => t.name)).toEqual(['pglite']);
    const written = stderr.mock.calls.map(([text]) => String(text));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^WARNING: no PostgreSQL reachable .*PostgreSQL half is SKIPPED\. Set TEST_DATABASE_URL/);
  });

  it('runs a one-database test on PGlite when no PostgreSQL is reachable, without the skipped-half warning (nothing is skipped)', async () => {
    delete process.env.TEST_DATABASE_URL;
    const local = nowhere();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect((await oneDatabaseTarget(local)).map((t) => t.name)).toEqual(['pglite']);
    expect(stderr).not.toHaveBeenCalled();
  });

  it('TEST_DATABASE=one runs the two-database tests on the one database, saying nothing is skipped', async () => {
    delete process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE = 'one';
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect((await databaseTargets(nowhere())).map((t) => t.name)).toEqual(['pglite']);
    expect(stderr).not.toHaveBeenCalled();
  });

  it('TEST_DATABASE=pglite runs both kinds on PGlite; =postgres refuses to run when no PostgreSQL answers', async () => {
    delete process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE = 'pglite';
    expect((await databaseTargets(nowhere())).map((t) => t.name)).toEqual(['pglite']);
    expect((await oneDatabaseTarget(nowhere())).map((t) => t.name)).toEqual(['pglite']);
    process.env.TEST_DATABASE = 'postgres';
    await expect(databaseTargets(nowhere())).rejects.toThrow('TEST_DATABASE=postgres, but no PostgreSQL answers');
    await expect(oneDatabaseTarget(nowhere())).rejects.toThrow('TEST_DATABASE=postgres, but no PostgreSQL answers');
  });

  it('refuses a TEST_DATABASE it does not know rather than running both', async () => {
    process.env.TEST_DATABASE = 'mysql';
    await expect(databaseTargets(nowhere())).rejects.toThrow('TEST_DATABASE=mysql: use one, pglite or postgres');
  });

  it('fails a one-database test too when TEST_DATABASE_URL is set but cannot be reached', async () => {
    process.env.TEST_DATABASE_URL = 'postgres://nobody:secret@127.0.0.1:1/postgres';
    const message = await oneDatabaseTarget(nowhere()).then(
      () => null,
      (error: unknown) => (error as Error).message,
    );
    expect(message).toMatch(
      /^TEST_DATABASE_URL is set but PostgreSQL at postgres:\/\/nobody@127\.0\.0\.1:1\/postgres cannot be reached/,
    );
  });
});
