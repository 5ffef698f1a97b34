/**
 * Secrets the caller knows (the server's configured JWT_SECRET, SECRETS_KEY, passwords of its
 * connection URLs, DEPOSIT_MNEMONIC...), redacted wherever they appear, whatever they look like:
 * as they are, inside a JSON string, percent-encoded, and a phrase in any case and spacing.
 */
import { REDACTED } from './marker';

/** Secrets shorter than this are not replaced verbatim: they would match ordinary words. */
export const MIN_SECRET_LENGTH = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The forms a secret takes in a log line, longest first: the JSON-escaped form holds the plain
 * one when the secret ends in a backslash, and must go whole.
 */
function formsOf(secret: string): string[] {
  return [...new Set([JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), secret])].sort(
    (a, b) => b.length - a.length,
  );
}

/** Between a phrase's words in a log line: whitespace as is, JSON-escaped or URL-encoded ('%20', '+'). */
const PHRASE_GAP = String.raw`(?:\s|\\[nrt]|%20|%0[9AD]|\+)+`;

/**
 * A phrase of words (DEPOSIT_MNEMONIC) in any case and spacing: ethers lower-cases a mnemonic and
 * joins its words with single spaces, so an HDNodeWallet logged as an object shows the phrase
 * unlike the configured text, which may differ in both.
 */
function phrasePattern(secret: string): RegExp | null {
  const words = secret.trim().split(/\s+/);
  return words.length < 2 ? null : new RegExp(words.map(escapeRegExp).join(PHRASE_GAP), 'gi');
}

/**
 * A secret the marker itself could show (a part of '[REDACTED]', or one holding it) is left
 * out: replacing it would write it again, and a second pass would find it.
 */
function usable(secret: string): boolean {
  const upper = secret.toUpperCase();
  return secret.length >= MIN_SECRET_LENGTH && !REDACTED.includes(upper) && !upper.includes(REDACTED);
}

interface CompiledSecret {
  phrase: RegExp | null;
  forms: string[];
}

/** Each list of secrets compiled once: the logger passes the same list with every line. */
const compiledLists = new WeakMap<readonly string[], CompiledSecret[]>();

function compiled(secrets: readonly string[]): CompiledSecret[] {
  let list = compiledLists.get(secrets);
  if (!list) {
    list = secrets.filter(usable).map((secret) => ({ phrase: phrasePattern(secret), forms: formsOf(secret) }));
    compiledLists.set(secrets, list);
  }
  return list;
}

function redactOnce(text: string, secrets: readonly CompiledSecret[]): string {
  let shown = text;
  for (const { phrase, forms } of secrets) {
    if (phrase) shown = shown.replace(phrase, REDACTED);
    for (const form of forms) if (shown.includes(form)) shown = shown.split(form).join(REDACTED);
  }
  return shown;
}

/**
 * `text` with every form of every secret replaced. Repeated while it changes (a few rounds at
 * most): a secret holding ']' or '[' can meet the end of a marker written for another one.
 */
export function redactKnownSecrets(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0) return text;
  const list = compiled(secrets);
  let shown = text;
  for (let round = 0; round < 8; round += 1) {
    const next = redactOnce(shown, list);
    if (next === shown) break;
    shown = next;
  }
  return shown;
}
