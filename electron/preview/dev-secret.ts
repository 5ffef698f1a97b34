/**
 * `npm run dev`: the preview's launch secret and link token kept in a file of its own folder
 * (DATA_DIR/preview), so a restart after a server or main change keeps the link the terminal
 * printed and the browser that opened it (launch-secret.ts, KeptSecretValues). Owner-only, like
 * the data folder it sits in; a file that cannot be read is replaced.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { newSecretValues, type KeptSecretValues } from './launch-secret';

function parsed(text: string): KeptSecretValues | null {
  try {
    const { secret, token } = JSON.parse(text) as Partial<KeptSecretValues>;
    const valid = (value: unknown) => typeof value === 'string' && /^[\w-]{40,}$/.test(value);
    return valid(secret) && valid(token) ? { secret: secret!, token: token! } : null;
  } catch {
    return null;
  }
}

export async function keptDevelopmentSecret(file: string): Promise<KeptSecretValues> {
  const existing = await readFile(file, 'utf8').then(parsed, () => null);
  if (existing) return existing;
  const values = newSecretValues();
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(values), { mode: 0o600 });
  return values;
}
