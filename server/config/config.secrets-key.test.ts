/**
 * SECRETS_KEY of a desktop data folder: the desktop app keeps the key wrapped by the OS keychain
 * and leaves only its id in DATA_DIR/secrets.json. Tools that load the config on such a folder
 * must not invent a new key (that would fork the data from the key its secrets are sealed with).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { secretsKeyId } from './secrets-key-id';

const key = Buffer.from('cd'.repeat(32), 'hex');

function desktopDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'griddesk-config-key-'));
  writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ secretsKeyId: secretsKeyId(key) }), { mode: 0o600 });
  return dataDir;
}

describe('loadConfig on a data folder whose key the desktop keychain holds', () => {
  it('refuses to generate a SECRETS_KEY, saying where the key is', () => {
    const dataDir = desktopDataDir();
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/SECRETS_KEY .*desktop app.*keychain/);
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'))).not.toHaveProperty('secretsKey');
  });

  it('takes the matching SECRETS_KEY and keeps the id beside the generated JWT secret', () => {
    const dataDir = desktopDataDir();
    const config = loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: key.toString('hex') });
    expect(config.secretsKey.equals(key)).toBe(true);
    const stored = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['jwtSecret', 'secretsKeyId']);
  });

  it('refuses a SECRETS_KEY that is not the one the folder was sealed with', () => {
    const dataDir = desktopDataDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: 'ef'.repeat(32) })).toThrow(
      /SECRETS_KEY is not the key this data folder/,
    );
  });

  it('ids are one-way and differ per key', () => {
    expect(secretsKeyId(key)).toMatch(/^[0-9a-f]{32}$/);
    expect(secretsKeyId(key)).not.toContain(key.toString('hex').slice(0, 8));
    expect(secretsKeyId(Buffer.alloc(32, 1))).not.toBe(secretsKeyId(key));
  });
});
