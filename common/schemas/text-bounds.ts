/**
 * How long free text may be and what it may hold, for the forms and the server alike. Apart from
 * the decimal bounds (input-bounds.ts) so a screen that takes only text (sign-in, sign-up) does
 * not load decimal.js.
 */
import * as yup from 'yup';
import { VALIDATION } from '../messages';

/** E.164 allows 15 digits; 20 leaves room for '+', spaces and dashes as members type them. */
export const CONTACT_NO_MAX = 20;
/** Free-text identifiers the API names (bot type, pair, bot id): generous, never unbounded. */
export const IDENTIFIER_MAX = 64;

/** C0 controls (NUL to US) and DEL: PostgreSQL refuses NUL in text, and none belongs in a name or key. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export interface BoundedTextOptions {
  /** How messages name the field. */
  label: string;
  max: number;
  /** SPEC's message when it quotes one; default VALIDATION.textMax(label, max). */
  maxMessage?: string;
  /** Message for a control character; default VALIDATION.controlCharacters(label). */
  controlMessage?: string;
}

/**
 * A trimmed string. The trim runs only on strings: yup's own trim() throws a TypeError on an
 * object, which must be answered with a 400 message like any other bad input.
 */
export function trimmedString() {
  return yup.string().transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));
}

/** Trimmed text of at most `max` characters without control characters. */
export function boundedText(options: BoundedTextOptions) {
  return trimmedString()
    .max(options.max, options.maxMessage ?? VALIDATION.textMax(options.label, options.max))
    .test(
      'control-characters',
      options.controlMessage ?? VALIDATION.controlCharacters(options.label),
      (v) => v === undefined || v === null || !hasControlCharacter(v),
    );
}
