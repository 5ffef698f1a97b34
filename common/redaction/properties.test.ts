/**
 * What holds for any text, not only the table's: redaction never throws, a second pass changes
 * nothing (a redacted line stays as it is through the server's destination and again through
 * the desktop's log file), and a pino line stays JSON a log collector can parse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIP39_ENGLISH } from './bip39-english';
import { redactText, redactValue } from './index';
import { HEX_KEY, JWT } from './testing/desktop-cases';

/** Pieces the rules react to, so random texts reach every rule and its edges. */
const PIECES = [
  'password',
  'apiSecret',
  'token',
  'otp',
  'email',
  'txHash',
  'msg',
  '"',
  "'",
  '`',
  ':',
  ': ',
  '=',
  ' ',
  '\n',
  '\\',
  '\\"',
  '\\n',
  ',',
  '{',
  '}',
  '[',
  ']',
  '?',
  '&',
  '#',
  '@',
  '%40',
  '%2E',
  '%20',
  '.',
  '/',
  '://',
  'postgres://u:p',
  'https://h/',
  'resetpassword/',
  'griddesk:',
  'Bearer ',
  'Basic ',
  '-----BEGIN PRIVATE KEY-----',
  '-----END PRIVATE KEY-----',
  'eyJhbGciOiJIUzI1NiJ9',
  JWT,
  HEX_KEY,
  '0x',
  'x@y.io',
  'm',
  '1',
  'A',
  '[REDACTED]',
  'REDACTED',
  ...BIP39_ENGLISH.slice(0, 40),
];

const piecesText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { maxLength: 60 })
  .map((parts) => parts.join(''));
const anyText = fc.oneof(
  piecesText,
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
const secretList = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ minLength: 1, maxLength: 12 })), { maxLength: 4 });

describe('redactText, for any text', () => {
  it('never throws and is idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = redactText(text);
        expect(redactText(once)).toBe(once);
      }),
      { numRuns: 3_000 },
    );
  });

  it("redacts in one call what a second call would: a JWT behind a reset token's path segment (a counterexample CI found)", () => {
    const signature = 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const text = `https://h/resetpassword/(/0eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${signature}`;
    const once = redactText(text);
    expect(once).not.toContain(signature);
    expect(once).not.toContain('eyJzdWIi');
    expect(redactText(once)).toBe(once);
  });

  it('is idempotent with known secrets too', () => {
    fc.assert(
      fc.property(anyText, secretList, (text, secrets) => {
        const once = redactText(text, { secrets });
        expect(redactText(once, { secrets })).toBe(once);
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps a pino line JSON', () => {
    const key = fc.oneof(
      fc.constantFrom('msg', 'password', 'email', 'url', 'token', 'txHash', 'apiSecret', 'otp', 'body'),
      fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,10}$/),
    );
    const value = fc.oneof(piecesText, fc.string({ maxLength: 30 }), fc.integer(), fc.boolean());
    const line = fc.dictionary(
      key,
      fc.oneof(value, fc.dictionary(key, value, { maxKeys: 3 }), fc.array(value, { maxLength: 3 })),
      { maxKeys: 6 },
    );
    fc.assert(
      fc.property(line, (entry) => {
        const shown = redactText(JSON.stringify(entry));
        expect(() => JSON.parse(shown) as unknown, shown).not.toThrow();
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('redactValue, for any JSON value', () => {
  it('never throws and is idempotent', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const once = redactValue(value);
        expect(redactValue(once)).toEqual(once);
      }),
      { numRuns: 1_000 },
    );
  });
});
