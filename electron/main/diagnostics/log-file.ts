/**
 * The desktop's own log file (main.log in the app's logs folder): what main writes to the
 * console, kept for support staff since a packaged app has no terminal. Secrets are redacted
 * before a line reaches the disk. Capped: past `maxBytes` the file becomes main.old.log and a
 * new one starts, so at most twice the cap stays on disk.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { redactText } from './redact';

export const LOG_FILE = 'main.log';
export const OLD_LOG_FILE = 'main.old.log';

export interface LogFile {
  readonly path: string;
  write(level: string, message: string): void;
}

export function openLogFile(dir: string, maxBytes = 5 * 1024 * 1024): LogFile {
  const path = join(dir, LOG_FILE);
  mkdirSync(dir, { recursive: true });
  let size = 0;
  try {
    size = statSync(path).size;
  } catch {
    // no log yet
  }
  return {
    path,
    write(level, message) {
      const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${redactText(message)}\n`;
      const bytes = Buffer.byteLength(line);
      try {
        if (size > 0 && size + bytes > maxBytes) {
          renameSync(path, join(dir, OLD_LOG_FILE));
          size = 0;
        }
        // Synchronous: a line written just before a crash is the one support needs.
        appendFileSync(path, line);
        size += bytes;
      } catch {
        // A full or read-only disk must not break the app; the console still has the line.
      }
    },
  };
}

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';
const METHODS: ConsoleMethod[] = ['log', 'info', 'warn', 'error', 'debug'];

/** Copies every console line into `file` as well; returns the function that undoes it. */
export function teeConsole(target: Pick<Console, ConsoleMethod>, file: LogFile): () => void {
  const originals = METHODS.map((method) => [method, target[method]] as const);
  for (const [method, original] of originals) {
    target[method] = (...args: unknown[]) => {
      original.apply(target, args);
      file.write(method === 'log' ? 'info' : method, format(...args));
    };
  }
  return () => {
    for (const [method, original] of originals) target[method] = original;
  };
}
