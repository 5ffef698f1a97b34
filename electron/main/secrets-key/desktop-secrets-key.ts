/**
 * The embedded server's SECRETS_KEY on the desktop. Main keeps the key wrapped by the OS
 * keychain (wrapped-key-store.ts) and passes it to the server, which then never writes it into
 * DATA_DIR/secrets.json; the folder keeps only the key's id. A copied data folder (a backup, a
 * stolen disk image) so opens no exchange secret without this user's keychain on this machine.
 *
 * An older install's plain key is wrapped once and removed from secrets.json. Which key belongs
 * to the folder is decided by what the folder says (its plain key or its key id), never by
 * guessing, so a stray key or a lost keychain cannot silently swap the key under sealed data.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { decodeSecretsKey, secretsKeyId } from '../../../server/embed';
import { NoKeychainError, type WrappedKeyStore } from './wrapped-key-store';

export interface DesktopSecretsKeyOptions {
  /** The embedded server's DATA_DIR. */
  dataDir: string;
  store: WrappedKeyStore;
  /** What support needs to know (migration, a replaced key, the plain-file fallback). */
  log?: (note: string) => void;
}

/** DATA_DIR/secrets.json as the server writes it (server/config/config.ts), other fields kept as they are. */
interface SecretsFile {
  secretsKey?: string;
  secretsKeyId?: string;
  [other: string]: unknown;
}

async function readSecretsFile(file: string): Promise<SecretsFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    return JSON.parse(text) as SecretsFile;
  } catch {
    throw new Error(`${file} is not valid JSON; fix or delete it`);
  }
}

async function writeSecretsFile(file: string, secrets: SecretsFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(partial, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await rename(partial, file);
}

interface Choice {
  /** Null: the folder has no usable key; a new one is made. */
  key: Buffer | null;
  notes: string[];
}

/** Which key the data folder's secrets are sealed with, from what the folder says. */
function chooseKey(plain: Buffer | null, wrapped: Buffer | null, folderId: string | null): Choice {
  const wrappedId = wrapped ? secretsKeyId(wrapped) : null;
  if (plain && wrapped && folderId === wrappedId && !plain.equals(wrapped)) {
    return {
      key: wrapped,
      notes: [
        "GridDesk: secrets.json held a plain SECRETS_KEY that is not this data folder's key (a tool run without SECRETS_KEY?); it was removed",
      ],
    };
  }
  if (plain) {
    const replaces = wrapped && !plain.equals(wrapped);
    const note = 'GridDesk: this data folder has its own SECRETS_KEY from an earlier version; it replaces the key wrapped before';
    return { key: plain, notes: replaces ? [note] : [] };
  }
  const lost = folderId !== null && folderId !== wrappedId;
  const note =
    "GridDesk: this data folder's exchange secrets are sealed with another key (copied from another computer or user, or the wrapped key was removed); they cannot be opened here, members connect their API keys again";
  if (wrapped) return { key: wrapped, notes: lost ? [note] : [] };
  return { key: null, notes: lost ? [note] : [] };
}

/**
 * The key to pass to the embedded server as SECRETS_KEY. Throws (KeychainUnavailableError) when
 * a key was wrapped but the keychain cannot unwrap it now: starting with another key would
 * leave every sealed secret unreadable.
 */
export async function desktopSecretsKey(options: DesktopSecretsKeyOptions): Promise<Buffer> {
  const log = options.log ?? ((note: string) => console.warn(note));
  const file = join(options.dataDir, 'secrets.json');
  const secrets = await readSecretsFile(file);
  const plain = secrets.secretsKey ? decodeSecretsKey(secrets.secretsKey, `secretsKey in ${file}`) : null;
  const wrapped = await options.store.load();
  const choice = chooseKey(plain, wrapped, secrets.secretsKeyId ?? null);
  choice.notes.forEach((note) => log(note));
  const key = choice.key ?? randomBytes(32);
  const { secretsKey: _plain, secretsKeyId: _id, ...others } = secrets;

  if (!wrapped || !wrapped.equals(key)) {
    try {
      await options.store.save(key);
    } catch (error) {
      if (!(error instanceof NoKeychainError)) throw error;
      // As before wrapping existed: better a plain key beside the data than no desktop app.
      log(`GridDesk: no OS keychain can keep SECRETS_KEY (${error.message}); it stays in plain text in ${file} until one can`);
      if (!plain || !plain.equals(key) || secrets.secretsKeyId) {
        await writeSecretsFile(file, { ...others, secretsKey: key.toString('hex') });
      }
      return key;
    }
    // The plain key leaves the folder only once the keychain has been seen to give it back.
    const back = await options.store.load();
    if (!back?.equals(key)) throw new Error('GridDesk: the OS keychain did not keep the key of the data folder');
    if (plain?.equals(key))
      log(`GridDesk: SECRETS_KEY is wrapped by the OS keychain now and leaves ${file} (one-time migration)`);
  }
  const id = secretsKeyId(key);
  if (secrets.secretsKey !== undefined || secrets.secretsKeyId !== id) {
    await writeSecretsFile(file, { ...others, secretsKeyId: id });
  }
  return key;
}
