import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/config';
import { secretsKeyId } from '../../../server/config/secrets-key-id';
import { fakeKeytar, fakeSafeStorage, noKeytar, type FakeSafeStorage } from '../../testing/fake-os-keychains';
import { desktopSecretsKey } from './desktop-secrets-key';
import { createWrappedKeyStore, KeychainUnavailableError, WRAPPED_KEY_FILE } from './wrapped-key-store';

let root: string;
let dataDir: string;
let userData: string;
let safeStorage: FakeSafeStorage;
let notes: string[];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'griddesk-desktop-key-'));
  userData = join(root, 'userData');
  dataDir = join(userData, 'data');
  safeStorage = fakeSafeStorage();
  notes = [];
});

const store = (port: FakeSafeStorage | null = safeStorage, dir = userData) =>
  createWrappedKeyStore({ file: join(dir, WRAPPED_KEY_FILE), safeStorage: port, loadKeytar: noKeytar });
const obtain = (options: { dir?: string; port?: FakeSafeStorage | null; wrappedIn?: string } = {}) =>
  desktopSecretsKey({
    dataDir: options.dir ?? dataDir,
    store: store(options.port === undefined ? safeStorage : options.port, options.wrappedIn ?? userData),
    log: (note) => notes.push(note),
  });
const secretsFile = (dir = dataDir) => join(dir, 'secrets.json');
const readSecrets = async (dir = dataDir) => JSON.parse(await readFile(secretsFile(dir), 'utf8')) as Record<string, unknown>;

/** The secrets.json an older GridDesk left: the master key in plain text beside the database. */
async function olderInstall(key: Buffer, dir = dataDir): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(secretsFile(dir), JSON.stringify({ jwtSecret: 'j'.repeat(64), secretsKey: key.toString('hex') }), {
    mode: 0o600,
  });
}

/** Every file under `dir` (recursively) that holds `key` in a spelling anyone could use. */
async function filesHolding(dir: string, key: Buffer): Promise<string[]> {
  const spellings = [key.toString('hex'), key.toString('base64')];
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const text = (await readFile(file)).toString('latin1');
    if (spellings.some((s) => text.includes(s))) found.push(file);
  }
  return found;
}

describe('the desktop SECRETS_KEY', () => {
  it('is made once on a fresh install, kept wrapped outside the data folder, and named there by id only', async () => {
    const key = await obtain();
    expect(key?.length).toBe(32);
    expect(await readSecrets()).toEqual({ secretsKeyId: secretsKeyId(key!) });
    expect(await filesHolding(userData, key!)).toEqual([]);
    expect((await obtain())?.equals(key!)).toBe(true);
  });

  it('migrates an older install once: the plain key is wrapped and leaves secrets.json', async () => {
    const legacy = randomBytes(32);
    await olderInstall(legacy);
    const key = await obtain();
    expect(key?.equals(legacy)).toBe(true);
    expect(await readSecrets()).toEqual({ jwtSecret: 'j'.repeat(64), secretsKeyId: secretsKeyId(legacy) });
    expect(await filesHolding(userData, legacy)).toEqual([]);
    // The server then starts with the wrapped key, which the folder's id confirms.
    expect(loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: key!.toString('hex') }).secretsKey.equals(legacy)).toBe(true);
    expect((await obtain())?.equals(legacy)).toBe(true);
    expect(safeStorage.encryptions).toBe(1);
  });

  it('leaves a copied data folder without a usable key', async () => {
    const legacy = randomBytes(32);
    await olderInstall(legacy);
    await obtain();
    const copy = join(root, 'copied-data');
    await cp(dataDir, copy, { recursive: true });
    expect(await filesHolding(copy, legacy)).toEqual([]);
    // The server cannot start on the copy by itself, and will not invent a key for it.
    expect(() => loadConfig({ DATA_DIR: copy })).toThrow(/desktop app/);
    // Another machine (its own OS key, no wrapped key) gets a new key, not this one.
    const elsewhere = await obtain({ dir: copy, port: fakeSafeStorage(), wrappedIn: join(root, 'other-user') });
    expect(elsewhere?.equals(legacy)).toBe(false);
    expect(notes.join('\n')).toMatch(/sealed with another key/);
  });

  it('finishes a migration that stopped after wrapping', async () => {
    const legacy = randomBytes(32);
    await olderInstall(legacy);
    await store().save(legacy);
    expect((await obtain())?.equals(legacy)).toBe(true);
    expect(await readSecrets()).not.toHaveProperty('secretsKey');
  });

  it('takes the plain key of a restored older data folder over the one wrapped for another folder', async () => {
    await obtain();
    const restored = randomBytes(32);
    await olderInstall(restored);
    expect((await obtain())?.equals(restored)).toBe(true);
    expect((await store().load())?.equals(restored)).toBe(true);
  });

  it('ignores a stray plain key a tool wrote into a folder whose id names the wrapped key', async () => {
    const key = (await obtain())!;
    const secrets = await readSecrets();
    await writeFile(secretsFile(), JSON.stringify({ ...secrets, secretsKey: randomBytes(32).toString('hex') }));
    expect((await obtain())?.equals(key)).toBe(true);
    expect(await readSecrets()).toEqual(secrets);
    expect(notes.join('\n')).toMatch(/not this data folder's key/);
  });

  it('refuses to start, changing nothing, when the wrapped key cannot be unwrapped now', async () => {
    await obtain();
    const before = await readFile(secretsFile(), 'utf8');
    safeStorage.available = false;
    await expect(obtain()).rejects.toBeInstanceOf(KeychainUnavailableError);
    expect(await readFile(secretsFile(), 'utf8')).toBe(before);
  });

  it('keeps the key in plain secrets.json with a warning when no keychain exists, and wraps it once one does', async () => {
    safeStorage.available = false;
    const plain = await obtain();
    expect(plain?.length).toBe(32);
    expect(await readSecrets()).toMatchObject({ secretsKey: plain!.toString('hex') });
    expect(notes.join('\n')).toMatch(/no OS keychain/);
    safeStorage.available = true;
    expect((await obtain())?.equals(plain!)).toBe(true);
    expect(await readSecrets()).toEqual({ secretsKeyId: secretsKeyId(plain!) });
  });

  it('uses keytar when safeStorage cannot protect anything', async () => {
    safeStorage.available = false;
    const keytar = fakeKeytar();
    const keytarStore = createWrappedKeyStore({
      file: join(userData, WRAPPED_KEY_FILE),
      safeStorage,
      loadKeytar: async () => keytar,
    });
    const key = await desktopSecretsKey({ dataDir, store: keytarStore, log: (n) => notes.push(n) });
    expect([...keytar.entries.values()]).toEqual([key!.toString('hex')]);
    expect(await filesHolding(userData, key!)).toEqual([]);
  });

  it('makes a new key, saying why, when the wrapped key of a folder is gone', async () => {
    const first = (await obtain())!;
    await rm(join(userData, WRAPPED_KEY_FILE));
    const second = (await obtain())!;
    expect(second.equals(first)).toBe(false);
    expect(await readSecrets()).toEqual({ secretsKeyId: secretsKeyId(second) });
    expect(notes.join('\n')).toMatch(/sealed with another key/);
  });
});
