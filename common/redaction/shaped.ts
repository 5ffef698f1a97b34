/**
 * Values that are secrets by their look, whatever they are called: PEM private keys, Bearer
 * and Basic credentials, JWTs (percent-encoded ones too), extended keys, e-mail addresses,
 * 32-byte keys in hex or base64, and long opaque API keys. A 64-digit hex value or a long key
 * named as a transaction or block hash (`txHash`, `/tx/0x...`) is public and stays.
 *
 * Each pattern starts only where a run of its characters starts (run-start.ts).
 */
import { REDACTED } from './marker';
import type { Rule } from './named';
import { runStart } from './run-start';

/** A PEM private key up to its END line, or to the end of the quoted string or text it sits in. */
const PEM_KEY =
  /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----(?:[^"'`\\]|\\[^"'`])*?(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|(?=["'`]|\\["'`]|$))/g;
const BEARER = /\b(Bearer)(\s+|%20)[A-Za-z0-9._~+/=-]{6,}/gi;
// Basic credentials are base64: a plain word after 'Basic' is prose ('Basic information').
const BASIC = /\b(Basic)\s+(?=[A-Za-z0-9+/]*[0-9A-Z+/=])[A-Za-z0-9+/]{4,}={0,2}/g;
/** A JWT: `eyJ` (base64 of '{"'), three segments; dots plain or percent-encoded (once or twice). */
const JWT_DOT = String.raw`(?:\.|%2[Ee]|%252[Ee])`;
const JWT = new RegExp(
  String.raw`(?:${runStart('A-Za-z0-9_-')}|(?<=%[0-9A-Fa-f]{2}))eyJ[A-Za-z0-9_-]{4,}${JWT_DOT}[A-Za-z0-9_-]{4,}${JWT_DOT}[A-Za-z0-9_-]*`,
  'g',
);
const EXTENDED_KEY = new RegExp(String.raw`${runStart('A-Za-z0-9')}[xtyz](?:pub|prv)[1-9A-HJ-NP-Za-km-z]{100,}`, 'g');
/** An address, its '@' plain or percent-encoded; not a URL's user name (`postgres://app@db`). */
const EMAIL = new RegExp(
  String.raw`${runStart('A-Za-z0-9._%+-')}(?<!\/\/)[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`,
  'g',
);
const HEX_KEY = new RegExp(String.raw`${runStart('A-Za-z0-9_')}(?:0x)?[0-9a-fA-F]{64}\b`, 'g');
// base64 of 24+ bytes with both cases and a digit (SECRETS_KEY in base64, sealed blobs).
const BASE64_KEY = new RegExp(
  String.raw`${runStart('A-Za-z0-9+/')}(?=[A-Za-z0-9+/]*\d)(?=[A-Za-z0-9+/]*[A-Z])(?=[A-Za-z0-9+/]*[a-z])[A-Za-z0-9+/]{32,}={0,2}(?![A-Za-z0-9+/=])`,
  'g',
);
// Long opaque keys: exchange API keys are 64 letters and digits.
const OPAQUE_KEY = new RegExp(
  String.raw`${runStart('A-Za-z0-9')}(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{32,}(?![A-Za-z0-9])`,
  'g',
);

const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** What precedes a hash that is public: its name (`"txHash":"`, `blockHash=`) or an explorer path. */
const PUBLIC_HASH_BEFORE = /(?:(?:tx|txid|hash|transaction|block)[\w-]*["']?\s*[:=]\s*["']?|\/tx\/)$/i;

/** Whether the value at `offset` is named as a transaction or block hash (looked up to 48 characters back). */
function isPublicHash(text: string, offset: number): boolean {
  return PUBLIC_HASH_BEFORE.test(text.slice(Math.max(0, offset - 48), offset));
}

/** A path such as /Users/Alice2/Library/Logs: base64-shaped, but every segment a word. */
function looksLikePath(text: string): boolean {
  return text.includes('/') && text.split('/').every((segment) => segment === '' || /^[A-Za-z]{2,}\d*$/.test(segment));
}

function keyUnlessPublic(value: string, offset: number, text: string): string {
  return ETH_ADDRESS.test(value) || isPublicHash(text, offset) ? value : REDACTED;
}

/** An address ends in a top-level domain of letters: `app@1.2.3` and `user@127.0.0.1` are not addresses. */
function redactEmail(value: string): string {
  return /\.[A-Za-z]{2,}$/.test(value) ? REDACTED : value;
}

export const SHAPED_RULES: readonly Rule[] = [
  (text) => (text.includes('PRIVATE KEY-----') ? text.replace(PEM_KEY, REDACTED) : text),
  (text) => text.replace(BEARER, (_all, scheme: string, gap: string) => `${scheme}${gap}${REDACTED}`),
  (text) => text.replace(BASIC, (_all, scheme: string) => `${scheme} ${REDACTED}`),
  (text) => (text.includes('eyJ') ? text.replace(JWT, REDACTED) : text),
  (text) => (text.includes('pub') || text.includes('prv') ? text.replace(EXTENDED_KEY, REDACTED) : text),
  (text) => (text.includes('@') || /%40/.test(text) ? text.replace(EMAIL, redactEmail) : text),
];

/** Whether a text holds a run long enough for a key of the rules below (one quick scan for all three). */
const LONG_RUN = /[A-Za-z0-9+/]{32}/;

function redactKeys(text: string): string {
  const hex = text.replace(HEX_KEY, (value: string, offset: number) => (isPublicHash(text, offset) ? value : REDACTED));
  const base64 = hex.replace(BASE64_KEY, (value: string, offset: number) =>
    looksLikePath(value) ? value : keyUnlessPublic(value, offset, hex),
  );
  return base64.replace(OPAQUE_KEY, (value: string, offset: number) => keyUnlessPublic(value, offset, base64));
}

/** The broadest rules, run last: long hex, base64 and opaque keys. */
export function redactKeyShapes(text: string): string {
  return LONG_RUN.test(text) ? redactKeys(text) : text;
}
