/**
 * The one redaction table: every case of the desktop's and the server's former redactors, the
 * forms issue 34's review found leaking, and texts that must survive.
 */
import { describe, expect, it } from 'vitest';
import { isSecretName, REDACTED, redactSecretNames, redactText, redactUrl, redactValue } from './index';
import type { TextCase } from './testing/case';
import { DESKTOP_CASES, PUBLIC_NAMES, SECRET_NAMES, SETTINGS, SETTINGS_SHOWN } from './testing/desktop-cases';
import { FOUND_IN_REVIEW, SURVIVES } from './testing/issue-34-cases';
import { HOSTILE_LINES, SERVER_CASES, UNPARSABLE_URL_CASES, URL_CASES } from './testing/server-cases';

function expectRedacted({ text, secrets, shown, gone = [], kept = [] }: TextCase): void {
  const out = redactText(text, { secrets });
  if (shown !== undefined) expect(out).toBe(shown);
  for (const part of gone) expect(out, `${part} is gone`).not.toContain(part);
  for (const part of kept) expect(out, `${part} stays`).toContain(part);
  if (gone.length > 0) expect(out).toContain(REDACTED);
}

describe('redactText', () => {
  it.each(DESKTOP_CASES.map((c) => [c.what, c] as const))('desktop: %s', (_what, c) => expectRedacted(c));
  it.each(SERVER_CASES.map((c) => [c.what, c] as const))('server: %s', (_what, c) => expectRedacted(c));
  it.each(FOUND_IN_REVIEW.map((c) => [c.what, c] as const))('issue 34: redacts %s', (_what, c) => expectRedacted(c));
  it.each(SURVIVES.map((c) => [c.what, c] as const))('issue 34: keeps %s', (_what, c) => expectRedacted(c));
});

describe('redactUrl', () => {
  it.each(URL_CASES)('%s', (url, shown) => expect(redactUrl(url)).toBe(shown));
  it.each(UNPARSABLE_URL_CASES)('redacts what it can of %s', (url, secret) => expect(redactUrl(url)).not.toContain(secret));
});

describe('isSecretName', () => {
  it.each(SECRET_NAMES)('%s is secret', (name) => expect(isSecretName(name)).toBe(true));
  it.each(PUBLIC_NAMES)('%s is not', (name) => expect(isSecretName(name)).toBe(false));
  it.each(['csrftoken', 'clientSecret', 'authkey', 'X-Amz-Signature', 'sig', 'dbpwd', 'passw0rd', 'oauth'])(
    '%s, run together or short, is secret',
    (name) => {
      expect(isSecretName(name)).toBe(true);
    },
  );
});

describe('redactValue', () => {
  it('redacts settings by name at any depth and every string by look', () => {
    expect(redactValue(SETTINGS)).toEqual(SETTINGS_SHOWN);
  });

  it('replaces whatever sits under a secret name: a list, an object, a number', () => {
    expect(
      redactValue({ tokens: ['a', 'b'], credentials: { user: 'u', pass: 'p' }, otp: 123456, note: null, password: null }),
    ).toEqual({ tokens: REDACTED, credentials: REDACTED, otp: REDACTED, note: null, password: null });
  });
});

describe("redactSecretNames (the server logger's objects)", () => {
  it('replaces values under secret names and leaves strings, class instances and the object itself alone otherwise', () => {
    const error = new Error('password hunter2');
    const untouched = { msg: 'mail to m@x.io', err: error, nested: { count: 2 } };
    expect(redactSecretNames(untouched)).toBe(untouched);
    const logged = {
      req: { headers: { authorization: 'Bearer abc', 'set-cookie': ['a=b'], host: 'h' } },
      apiSecret: 'x',
      err: error,
    };
    expect(redactSecretNames(logged)).toEqual({
      req: { headers: { authorization: REDACTED, 'set-cookie': REDACTED, host: 'h' } },
      apiSecret: REDACTED,
      err: error,
    });
    expect(logged.apiSecret).toBe('x');
  });
});

describe('long hostile lines', () => {
  const lines = [
    ...HOSTILE_LINES,
    '"password":"'.repeat(10_000),
    `"password":"${'\\"'.repeat(50_000)}`,
    "{ password: '".repeat(10_000),
    'eyJ'.repeat(30_000),
    `${'%3DeyJ'.repeat(15_000)}`,
    'a@'.repeat(50_000),
    `${'a'.repeat(100_000)}@`,
    'abandon '.repeat(20_000),
    'abandon\\n'.repeat(10_000),
    'x=" '.repeat(25_000),
    '-----BEGIN PRIVATE KEY-----'.repeat(3_000),
    `"${'\\"a'.repeat(30_000)}`,
    'Ab1'.repeat(30_000),
    'https://'.repeat(12_000),
    '/resetpassword/'.repeat(6_000),
    'Bearer '.repeat(12_000),
  ];

  it.each(lines.map((line) => [line.slice(0, 24), line] as const))('gets through %s... in one scan', (_start, line) => {
    expect(redactText(line).length).toBeGreaterThan(0);
  });
});
