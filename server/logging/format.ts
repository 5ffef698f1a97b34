/**
 * How the server's log lines look on stdout. pino writes one JSON object a line, which log
 * collectors want and people cannot read; in a terminal each line is rewritten as
 * `12:04:05.120 INFO  message  key=value ...`, an error's stack below it. LOG_FORMAT picks one
 * whatever stdout is (json for a terminal that is recorded, pretty for a pipe to `less`).
 *
 * A formatter of our own rather than pino-pretty: the rewrite is a few lines over the JSON
 * pino already made, and it needs no dependency, no worker thread (pino's transports run in
 * one) and no second place where credentials must be redacted.
 */

import type { LogFormatSetting } from '../config/config';

export type { LogFormatSetting };
export type LogFormat = 'json' | 'pretty';

export interface Destination {
  write(line: string): unknown;
}

export function chooseLogFormat(setting: LogFormatSetting, stdoutIsTerminal: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return stdoutIsTerminal ? 'pretty' : 'json';
}

/** pino's numeric levels, as the pretty line names them. */
const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** ANSI colours per level: grey, cyan, green, yellow, red, magenta. */
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields the line's head already shows, or that say nothing to a person at the terminal. */
const HEAD_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);
/** A value shown without quotes: no space, quote or '=' that would blur where it ends. */
const BARE = /^[^\s"'=]+$/;

function twoDigits(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Local wall-clock time: a person compares it with the clock, not with UTC. */
function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}.${twoDigits(date.getMilliseconds(), 3)}`;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return BARE.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `key=value` pairs of `fields`, nested objects as dotted keys (req.method=GET). An error's
 * stack goes to `stacks` instead, and its message and type with it (the stack's first line
 * repeats both).
 */
function flatten(fields: Record<string, unknown>, prefix: string, pairs: string[], stacks: string[]): void {
  const hasStack = typeof fields.stack === 'string';
  if (hasStack) stacks.push(prefix.endsWith('cause.') ? `caused by: ${fields.stack as string}` : (fields.stack as string));
  for (const [key, value] of Object.entries(fields)) {
    if (hasStack && (key === 'stack' || key === 'message' || key === 'type')) continue;
    if (isRecord(value) && Object.keys(value).length > 0) flatten(value, `${prefix}${key}.`, pairs, stacks);
    else pairs.push(`${prefix}${key}=${shown(value)}`);
  }
}

/** One JSON log line as a person reads it; anything that is not a JSON object is left as it is. */
export function prettyLogLine(line: string, options: { colours?: boolean } = {}): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!isRecord(entry)) return line;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const name = (LEVEL_NAMES[level] ?? `L${level}`).padEnd(5);
  const label = options.colours && LEVEL_COLOURS[level] ? `\u001b[${LEVEL_COLOURS[level]}m${name}\u001b[39m` : name;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) if (!HEAD_FIELDS.has(key)) rest[key] = value;
  const pairs: string[] = [];
  const stacks: string[] = [];
  flatten(rest, '', pairs, stacks);
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  const head = [`${clock(entry.time)} ${label}`, message].filter(Boolean).join(' ');
  const body = stacks
    .flatMap((stack) => stack.split('\n'))
    .map((text) => `    ${text}\n`)
    .join('');
  return `${head}${pairs.length > 0 ? `  ${pairs.join(' ')}` : ''}\n${body}`;
}

/** A destination that writes each JSON line of a chunk as a pretty line. */
export function prettyDestination(destination: Destination, options: { colours?: boolean } = {}): Destination {
  return {
    write: (chunk: string) =>
      destination.write(
        chunk
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => prettyLogLine(line, options).replace(/\n?$/, '\n'))
          .join(''),
      ),
  };
}
