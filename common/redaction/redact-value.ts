/**
 * Redaction of structured values: whatever sits under a secret's name is replaced whole (a
 * string, a number, an object, a list), by the same name list as the text rules. The desktop
 * redacts settings and health answers this way, every other string by the text rules too; the
 * server's logger redacts each merged object by name before pino writes it, and the finished
 * line by the text rules.
 */
import { REDACTED } from './marker';
import { redactText, type RedactOptions } from './redact-text';
import { isSecretName } from './secret-names';

/** Deeper than this, a value is left to the text rules (a log object is never this deep). */
const MAX_DEPTH = 12;

/** Plain objects only: an Error, a request or a Buffer keeps its class for its serializer. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** The value with everything under a secret name redacted and each string through `text`; the same object when nothing changed. */
function walk(value: unknown, text: (s: string) => string, depth: number): unknown {
  if (typeof value === 'string') return text(value);
  if (depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => walk(item, text, depth + 1));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const shown = isSecretName(key) && item !== null && item !== undefined ? REDACTED : walk(item, text, depth + 1);
    if (shown !== item) (copy ??= { ...value })[key] = shown;
  }
  return copy ?? value;
}

/** A copy with every value under a secret's name replaced and every string redacted by the text rules. */
export function redactValue(value: unknown, name = '', options: RedactOptions = {}): unknown {
  if (name && isSecretName(name) && value !== null && value !== undefined) return REDACTED;
  return walk(value, (s) => redactText(s, options), 0);
}

/** The value with only what sits under a secret's name replaced (strings are left to a later text pass). */
export function redactSecretNames<T>(value: T): T {
  return walk(value, (s) => s, 0) as T;
}
