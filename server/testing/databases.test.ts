import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  afterEach(() => {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('fails when TEST_DATABASE_URL is set but cannot be reached, instead of testing PGlite alone', async () => {
    process.env.TEST_DATABASE_URL = 'postgres://nobody:secret@127.0.0.1:1/postgres';
    const message = await databaseTargets(nowhere()).then(() => null, (error: unknown) => (error as Error).message);
    expect(message).toMatch(/^TEST_DATABASE_URL is set but PostgreSQL at postgres:\/\/nobody@127\.0\.0\.1:1\/postgres cannot be reached/);
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

  it('fails a one-database test too when TEST_DATABASE_URL is set but cannot be reached', async () => {
    process.env.TEST_DATABASE_URL = 'postgres://nobody:secret@127.0.0.1:1/postgres';
    const message = await oneDatabaseTarget(nowhere()).then(() => null, (error: unknown) => (error as Error).message);
    expect(message).toMatch(/^TEST_DATABASE_URL is set but PostgreSQL at postgres:\/\/nobody@127\.0\.0\.1:1\/postgres cannot be reached/);
  });
});
