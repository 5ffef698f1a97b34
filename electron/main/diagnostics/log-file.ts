/**
 * The desktop's own log file (main.log in the app's logs folder): what main writes to the
 * console, kept for support staff since a packaged app has no terminal, and the embedded
 * server's log beside it (server.log). Secrets are redacted before a line reaches the disk.
 * Capped: past `maxBytes` a file becomes its .old.log and a new one starts, so at most twice the
 * cap stays on disk per file.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { redactText } from '../../../common/redaction';

export const LOG_FILE = 'main.log';
export const OLD_LOG_FILE = 'main.old.log';
/** The embedded server's log in a packaged app (a packaged app has no terminal for it). */
export const SERVER_LOG_FILE = 'server.log';
export const SERVER_OLD_LOG_FILE = 'server.old.log';

export interface LogFile {
  readonly path: string;
  /** One time-stamped line at `level`. */
  write(level: string, message: string): void;
}

/** A log file capped at `maxBytes`: past it, the file becomes `oldName` and a new one starts. */
interface CappedFile {
  readonly path: string;
  append(text: string): void;
}

function openCappedFile(dir: string, name: string, oldName: string, maxBytes: number): CappedFile {
  const path = join(dir, name);
  mkdirSync(dir, { recursive: true });
  let size = 0;
  try {
    size = statSync(path).size;
  } catch {
    // no log yet
  }
  return {
    path,
    append(text) {
      const bytes = Buffer.byteLength(text);
      try {
        if (size > 0 && size + bytes > maxBytes) {
          renameSync(path, join(dir, oldName));
          size = 0;
        }
        // Synchronous: a line written just before a crash is the one support needs.
        appendFileSync(path, text);
        size += bytes;
      } catch {
        // A full or read-only disk must not break the app; the console still has the line.
      }
    },
  };
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

export function openLogFile(dir: string, maxBytes = DEFAULT_MAX_BYTES): LogFile {
  const file = openCappedFile(dir, LOG_FILE, OLD_LOG_FILE, maxBytes);
  return {
    path: file.path,
    write(level, message) {
      file.append(`${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${redactText(message)}\n`);
    },
  };
}

/**
 * A pino destination for the embedded server in a packaged app: its JSON lines (already
 * redacted by the server's own destination, and once more here) in server.log beside main.log,
 * with its own cap so request lines never push main's lines out. JSON, as the server writes
 * wherever stdout is not a terminal: log collectors read it, and Export diagnostics takes it.
 */
export function openServerLogDestination(
  dir: string,
  maxBytes = DEFAULT_MAX_BYTES,
): { readonly path: string; write(chunk: string): void } {
  const file = openCappedFile(dir, SERVER_LOG_FILE, SERVER_OLD_LOG_FILE, maxBytes);
  return { path: file.path, write: (chunk) => file.append(redactText(chunk)) };
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
