/**
 * Where the desktop keeps the embedded server's SECRETS_KEY: wrapped by the OS keychain, in
 * userData (outside DATA_DIR). safeStorage first (DPAPI, macOS Keychain, libsecret/kwallet):
 * the wrapped bytes go into a small JSON file. Where safeStorage cannot protect anything (Linux
 * 'basic_text'), keytar keeps the key in the keychain itself and the file only says so.
 *
 * Plain Node: safeStorage arrives as a port (app/secrets-key.ts), tests pass a fake.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { KEYCHAIN_SERVICE, type KeytarModule } from '../ports/keytar-keychain';

/** The part of Electron's safeStorage we use. */
export interface SafeStoragePort {
  /** False where safeStorage would only obfuscate (Linux 'basic_text') or is unavailable. */
  isAvailable(): Promise<boolean>;
  encrypt(plainText: string): Promise<Buffer>;
  decrypt(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
}

export type KeyWrapper = 'safeStorage' | 'keytar';

export const WRAPPED_KEY_FILE = 'wrapped-secrets-key.json';
/** keytar entry (service 'GridDesk'); no server account (a URL or 'embedded') is spelled so. */
export const KEYTAR_SECRETS_KEY_ACCOUNT = 'secrets-key';

type WrappedRecord = { version: 1; wrappedBy: 'safeStorage'; wrapped: string } | { version: 1; wrappedBy: 'keytar' };

/** A key was wrapped here, but the keychain that wrapped it cannot unwrap it now. */
export class KeychainUnavailableError extends Error {
  override name = 'KeychainUnavailableError';
  constructor(detail: string) {
    // Shown in the "could not start" dialog: the member (or support) must know what to do.
    super(
      `GridDesk keeps the key to its stored exchange secrets in the OS keychain, which cannot be used now (${detail}). ` +
        'Unlock the keychain (on Linux: the login keyring or KWallet) and start GridDesk again.',
    );
  }
}

/** Neither safeStorage nor keytar can keep a key on this machine. */
export class NoKeychainError extends Error {
  override name = 'NoKeychainError';
}

export interface WrappedKeyStore {
  /**
   * The key, or null when none was wrapped here (or its keytar entry was removed). Throws
   * KeychainUnavailableError when one was wrapped but cannot be unwrapped now: the caller must
   * not make a new key then, or the data sealed with the old one would be lost.
   */
  load(): Promise<Buffer | null>;
  /** Wraps `key`, replacing any earlier one; throws NoKeychainError when nothing can. */
  save(key: Buffer): Promise<KeyWrapper>;
}

export interface WrappedKeyStoreOptions {
  /** userData/wrapped-secrets-key.json */
  file: string;
  /** Null outside Electron. */
  safeStorage: SafeStoragePort | null;
  loadKeytar: () => Promise<KeytarModule>;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function keyFromHex(hex: string, file: string): Buffer {
  const key = /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : null;
  if (!key) throw new Error(`GridDesk: the key wrapped in ${file} is damaged`);
  return key;
}

export function createWrappedKeyStore(options: WrappedKeyStoreOptions): WrappedKeyStore {
  const { file, safeStorage } = options;
  return {
    async load() {
      const record = await readRecord(file);
      if (!record) return null;
      return record.wrappedBy === 'safeStorage'
        ? unwrapWithSafeStorage(file, safeStorage, record.wrapped)
        : readFromKeytar(options);
    },

    async save(key) {
      const previous = await readRecord(file).catch(() => null);
      if (safeStorage && (await safeStorage.isAvailable().catch(() => false))) {
        await wrapWithSafeStorage(file, safeStorage, key);
        // The key now lives in one place only.
        if (previous?.wrappedBy === 'keytar') {
          await options
            .loadKeytar()
            .then((k) => k.deletePassword(KEYCHAIN_SERVICE, KEYTAR_SECRETS_KEY_ACCOUNT))
            .catch(() => false);
        }
        return 'safeStorage';
      }
      await keepInKeytar(options, key);
      return 'keytar';
    },
  };
}

async function readRecord(file: string): Promise<WrappedRecord | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const record = JSON.parse(text) as WrappedRecord;
    if (record.wrappedBy === 'keytar') return record;
    if (record.wrappedBy === 'safeStorage' && typeof record.wrapped === 'string') return record;
  } catch {
    // reported below
  }
  throw new Error(`GridDesk: ${file} is damaged; it holds the wrapped key of the data folder`);
}

async function writeRecord(file: string, record: WrappedRecord): Promise<void> {
  // Written aside and renamed: a crash never leaves half a record where the key was.
  const partial = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(partial, JSON.stringify(record, null, 2), { mode: 0o600 });
  await rename(partial, file);
}

async function wrapWithSafeStorage(file: string, port: SafeStoragePort, key: Buffer): Promise<void> {
  const wrapped = await port.encrypt(key.toString('hex'));
  await writeRecord(file, { version: 1, wrappedBy: 'safeStorage', wrapped: wrapped.toString('base64') });
}

/** The key safeStorage wrapped into `file`, wrapped again when safeStorage asks for it. */
async function unwrapWithSafeStorage(file: string, safeStorage: SafeStoragePort | null, wrapped: string): Promise<Buffer> {
  if (!safeStorage || !(await safeStorage.isAvailable().catch(() => false))) {
    throw new KeychainUnavailableError('the OS keychain (safeStorage) is not available');
  }
  let opened: { result: string; shouldReEncrypt: boolean };
  try {
    opened = await safeStorage.decrypt(Buffer.from(wrapped, 'base64'));
  } catch (error) {
    throw new KeychainUnavailableError(`the OS keychain (safeStorage) cannot unwrap the key: ${reason(error)}`);
  }
  const key = keyFromHex(opened.result, file);
  if (opened.shouldReEncrypt) await wrapWithSafeStorage(file, safeStorage, key);
  return key;
}

async function readFromKeytar(options: WrappedKeyStoreOptions): Promise<Buffer | null> {
  let keytar: KeytarModule;
  try {
    keytar = await options.loadKeytar();
  } catch (error) {
    throw new KeychainUnavailableError(`the OS keychain (keytar) cannot be used: ${reason(error)}`);
  }
  let hex: string | null;
  try {
    hex = await keytar.getPassword(KEYCHAIN_SERVICE, KEYTAR_SECRETS_KEY_ACCOUNT);
  } catch (error) {
    throw new KeychainUnavailableError(`the OS keychain (keytar) cannot be read: ${reason(error)}`);
  }
  return hex === null ? null : keyFromHex(hex, `the keychain entry ${KEYTAR_SECRETS_KEY_ACCOUNT}`);
}

/** Where safeStorage cannot protect the key: keytar keeps it, and the file only says so. */
async function keepInKeytar(options: WrappedKeyStoreOptions, key: Buffer): Promise<void> {
  try {
    const keytar = await options.loadKeytar();
    await keytar.setPassword(KEYCHAIN_SERVICE, KEYTAR_SECRETS_KEY_ACCOUNT, key.toString('hex'));
  } catch (error) {
    throw new NoKeychainError(`neither safeStorage nor keytar can keep a key here: ${reason(error)}`);
  }
  await writeRecord(options.file, { version: 1, wrappedBy: 'keytar' });
}
