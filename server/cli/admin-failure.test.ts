/**
 * A command that fails on something unexpected (here the database driver, whose errors may quote
 * the connection URL) prints the error with every credential of the environment redacted, as
 * the server's start does.
 */
import { describe, expect, it, vi } from 'vitest';
import { TEST_ENV } from '../testing/server';
import { runAdmin } from './admin';
import { memoryIo } from './io';

const DATABASE_URL = 'postgres://support:s3cret-Passw0rd@db.example.internal:5432/griddesk';

vi.mock('../db/database', () => ({
  openDatabase: () => Promise.reject(new Error(`could not connect to ${DATABASE_URL}: timeout`)),
}));

describe('admin CLI on an unexpected failure', () => {
  it('prints the error without the credentials it quotes, and exits 1', async () => {
    const io = memoryIo();
    expect(await runAdmin(['list-users'], { ...TEST_ENV, DATABASE_URL }, io)).toBe(1);
    const printed = io.stderr.join('\n');
    expect(printed).toContain('could not connect to');
    expect(printed).toContain('timeout');
    expect(printed).not.toContain('s3cret-Passw0rd');
  });
});
