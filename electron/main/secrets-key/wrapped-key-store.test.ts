import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '../ports/keytar-keychain';
import { fakeKeytar, fakeSafeStorage, noKeytar } from '../../testing/fake-os-keychains';
import {
  createWrappedKeyStore,
  KeychainUnavailableError,
  KEYTAR_SECRETS_KEY_ACCOUNT,
  NoKeychainError,
  WRAPPED_KEY_FILE,
} from './wrapped-key-store';

let dir: string;
const key = randomBytes(32);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-wrapped-'));
});

const fileIn = () => join(dir, WRAPPED_KEY_FILE);

/** True when the file holds the key in any spelling a reader could use. */
async function leaksKey(file: string): Promise<boolean> {
  const text = await readFile(file, 'utf8');
  return [key.toString('hex'), key.toString('base64'), key.toString('base64url')].some((s) => text.includes(s));
}

describe('the wrapped SECRETS_KEY', () => {
  it('is wrapped with safeStorage into a 0600 file that holds no usable key', async () => {
    const store = createWrappedKeyStore({ file: fileIn(), safeStorage: fakeSafeStorage(), loadKeytar: noKeytar });
    expect(await store.load()).toBeNull();
    expect(await store.save(key)).toBe('safeStorage');
    expect((await store.load())?.equals(key)).toBe(true);
    expect(await leaksKey(fileIn())).toBe(false);
    expect((await stat(fileIn())).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(fileIn(), 'utf8'))).toMatchObject({ wrappedBy: 'safeStorage' });
  });

  it('does not open on another machine (another OS key): it refuses instead of guessing', async () => {
    await createWrappedKeyStore({ file: fileIn(), safeStorage: fakeSafeStorage(), loadKeytar: noKeytar }).save(key);
    const elsewhere = createWrappedKeyStore({ file: fileIn(), safeStorage: fakeSafeStorage(), loadKeytar: noKeytar });
    await expect(elsewhere.load()).rejects.toBeInstanceOf(KeychainUnavailableError);
  });

  it('refuses to load when the keychain that wrapped it is unavailable now', async () => {
    const safeStorage = fakeSafeStorage();
    const store = createWrappedKeyStore({ file: fileIn(), safeStorage, loadKeytar: noKeytar });
    await store.save(key);
    safeStorage.available = false;
    await expect(store.load()).rejects.toThrow(/keychain/i);
  });

  it('falls back to keytar when safeStorage is unavailable; the file only says where the key is', async () => {
    const safeStorage = fakeSafeStorage();
    safeStorage.available = false;
    const keytar = fakeKeytar();
    const store = createWrappedKeyStore({ file: fileIn(), safeStorage, loadKeytar: async () => keytar });
    expect(await store.save(key)).toBe('keytar');
    expect(keytar.entries.get(`${KEYCHAIN_SERVICE}/${KEYTAR_SECRETS_KEY_ACCOUNT}`)).toBe(key.toString('hex'));
    expect(await leaksKey(fileIn())).toBe(false);
    expect((await store.load())?.equals(key)).toBe(true);
    // An entry removed from the keychain is a lost key, not a locked one.
    keytar.entries.clear();
    expect(await store.load()).toBeNull();
  });

  it('says when neither safeStorage nor keytar can keep the key', async () => {
    const safeStorage = fakeSafeStorage();
    safeStorage.available = false;
    const store = createWrappedKeyStore({ file: fileIn(), safeStorage, loadKeytar: noKeytar });
    await expect(store.save(key)).rejects.toBeInstanceOf(NoKeychainError);
    const withoutSafeStorage = createWrappedKeyStore({ file: fileIn(), safeStorage: null, loadKeytar: noKeytar });
    await expect(withoutSafeStorage.save(key)).rejects.toBeInstanceOf(NoKeychainError);
    expect(await store.load()).toBeNull();
  });

  it('wraps again when the OS asks for a re-encryption', async () => {
    const safeStorage = fakeSafeStorage();
    const store = createWrappedKeyStore({ file: fileIn(), safeStorage, loadKeytar: noKeytar });
    await store.save(key);
    const before = await readFile(fileIn(), 'utf8');
    safeStorage.askReEncrypt = true;
    expect((await store.load())?.equals(key)).toBe(true);
    expect(await readFile(fileIn(), 'utf8')).not.toBe(before);
    expect((await store.load())?.equals(key)).toBe(true);
  });

  it('names a damaged file instead of inventing a key', async () => {
    await writeFile(fileIn(), '{not json');
    const store = createWrappedKeyStore({ file: fileIn(), safeStorage: fakeSafeStorage(), loadKeytar: noKeytar });
    await expect(store.load()).rejects.toThrow(WRAPPED_KEY_FILE);
  });
});
