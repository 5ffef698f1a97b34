/**
 * What goes into the diagnostics zip, gathered from disk and the server: the tail of each
 * recent log, the settings file, the server's /healthz answer. Everything that may hold a
 * secret passes through the one redaction rule set (common/redaction/, the server's logger
 * uses the same); the member's data folder (database, keys) is never read.
 */
import { readdir, readFile, stat, open } from 'node:fs/promises';
import { join } from 'node:path';
import { redactText, redactValue } from '../../../common/redaction';

export interface LogDir {
  /** The folder's name inside the zip: logs/<label>/... */
  label: string;
  path: string;
}

export interface LogTail {
  name: string;
  text: string;
  /** True when only the end of the file was kept. */
  truncated: boolean;
}

export interface CollectLimits {
  maxBytesPerFile: number;
  maxAgeMs: number;
  now: Date;
}

const LOG_NAME = /\.log(\.\d+)?$|\.log\.old$|\.old\.log$/;

async function tail(path: string, size: number, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  if (size <= maxBytes) return { text: await readFile(path, 'utf8'), truncated: false };
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(maxBytes);
    await handle.read(buffer, 0, maxBytes, size - maxBytes);
    const text = buffer.toString('utf8');
    // Start at a whole line: a cut line could show half a secret the rules no longer recognise.
    return { text: text.slice(text.indexOf('\n') + 1), truncated: true };
  } finally {
    await handle.close();
  }
}

/** The end of every log file changed within `maxAgeMs`, redacted; newest first. */
export async function recentLogs(dirs: LogDir[], limits: CollectLimits): Promise<LogTail[]> {
  const found: (LogTail & { modified: number })[] = [];
  for (const dir of dirs) {
    const names = await readdir(dir.path).catch(() => [] as string[]);
    for (const name of names.filter((n) => LOG_NAME.test(n))) {
      const path = join(dir.path, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || limits.now.getTime() - info.mtimeMs > limits.maxAgeMs) continue;
      const { text, truncated } = await tail(path, info.size, limits.maxBytesPerFile);
      found.push({ name: `${dir.label}/${name}`, text: redactText(text), truncated, modified: info.mtimeMs });
    }
  }
  return found.sort((a, b) => b.modified - a.modified).map(({ modified: _modified, ...log }) => log);
}

/** The settings file with secrets removed; what went wrong instead when it cannot be read. */
export async function safeSettings(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return { unavailable: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  try {
    return redactValue(JSON.parse(text));
  } catch {
    return { unreadable: 'not JSON', text: redactText(text.slice(0, 4000)) };
  }
}

/** The server's /healthz answer, or why there is none. */
export async function serverHealth(serverUrl: string | null, fetchImpl: typeof fetch, timeoutMs = 5000): Promise<unknown> {
  if (!serverUrl) return { unavailable: 'no platform server was started' };
  const url = new URL('/healthz', serverUrl).href;
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    return { url, status: response.status, body: redactValue(body) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { url, error: cause ?? (error as Error).message };
  }
}

/** The GridDesk variables set in the environment, values redacted (never the whole env). */
export function environmentSummary(env: Record<string, string | undefined>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = env[name];
    if (value !== undefined) out[name] = String(redactValue(value, name));
  }
  return out;
}
