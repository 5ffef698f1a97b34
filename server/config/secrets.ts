/**
 * The server's two secrets: JWT_SECRET and SECRETS_KEY from the environment, else generated once
 * into DATA_DIR/secrets.json (mode 0600); a folder whose key the desktop keeps in the OS keychain
 * names only the key's id there, and a wrong key is refused before it can seal anything.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config-error';
import { secretsKeyId } from './secrets-key-id';

/** A 32-byte master key from 64 hex or base64 characters (SECRETS_KEY, PREVIOUS_SECRETS_KEY). */
export function decodeSecretsKey(raw: string, name = 'SECRETS_KEY'): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new ConfigError(`Invalid configuration: ${name} must be 32 bytes, as 64 hex or base64 characters`);
  }
  return key;
}

interface StoredSecrets {
  jwtSecret?: string;
  secretsKey?: string;
  /**
   * Written by the desktop app, which keeps the key itself wrapped by the OS keychain and passes
   * it in SECRETS_KEY: only the key's id (secrets-key-id.ts) stays in the data folder.
   */
  secretsKeyId?: string;
}

/** Reads DATA_DIR/secrets.json, creating the missing secrets once (mode 0600). */
function generatedSecrets(dataDir: string, need: { jwt: boolean; key: boolean }, create: boolean): StoredSecrets {
  const file = join(dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
    } catch {
      throw new ConfigError(`Invalid configuration: ${file} is not valid JSON; fix or delete it`);
    }
  }
  const missingJwt = need.jwt && !stored.jwtSecret;
  const missingKey = need.key && !stored.secretsKey;
  // A new key here would fork the folder from the key its exchange secrets are sealed with.
  if (missingKey && stored.secretsKeyId) {
    throw new ConfigError(
      `Invalid configuration: SECRETS_KEY is not set, and this data folder's key is kept by the GridDesk desktop app in the OS keychain (${file}); start it from the desktop app or set SECRETS_KEY`,
    );
  }
  // The admin CLI acts on the server's folder: a typo in DATA_DIR must not grow a new one.
  if ((missingJwt || missingKey) && !create) {
    const missing = [missingJwt ? 'JWT_SECRET' : null, missingKey ? 'SECRETS_KEY' : null].filter(Boolean).join(' and ');
    throw new ConfigError(
      `Invalid configuration: ${missing} unset and DATA_DIR ${dataDir} holds no ${existsSync(file) ? `${missing} in secrets.json` : 'secrets.json'}: point DATA_DIR at the server's data folder (or set them as the server has them); nothing was created`,
    );
  }
  if (missingJwt || missingKey) {
    stored = {
      ...stored,
      ...(missingJwt ? { jwtSecret: randomBytes(48).toString('base64url') } : {}),
      ...(missingKey ? { secretsKey: randomBytes(32).toString('hex') } : {}),
    };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return stored;
}

/**
 * JWT_SECRET and SECRETS_KEY (trimmed, null when unset): from the environment, else from
 * DATA_DIR/secrets.json, created there once when `create` allows it.
 */
export function secrets(
  jwtEnv: string | null,
  keyEnv: string | null,
  dataDir: string,
  create: boolean,
): { jwtSecret: string; secretsKey: Buffer } {
  if (jwtEnv !== null && jwtEnv.length < 32) {
    throw new ConfigError('Invalid configuration: JWT_SECRET must be at least 32 characters long');
  }
  const stored =
    jwtEnv !== null && keyEnv !== null ? {} : generatedSecrets(dataDir, { jwt: jwtEnv === null, key: keyEnv === null }, create);
  const secretsKey = decodeSecretsKey(keyEnv ?? stored.secretsKey!);
  if (stored.secretsKeyId && secretsKeyId(secretsKey) !== stored.secretsKeyId) {
    throw new ConfigError(
      `Invalid configuration: SECRETS_KEY is not the key this data folder's exchange secrets are sealed with (secretsKeyId in ${join(dataDir, 'secrets.json')})`,
    );
  }
  return { jwtSecret: jwtEnv ?? stored.jwtSecret!, secretsKey };
}
