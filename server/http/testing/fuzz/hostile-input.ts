/**
 * fast-check arbitraries for malformed and hostile request input: wrong types, over-long and
 * over-precise decimals, huge strings, unicode that databases and regexes trip on, and
 * prototype-pollution keys. The fuzz suite (server/http/fuzz.test.ts) mixes them into otherwise
 * plausible bodies so a request gets past the fields it does not attack.
 */
import fc from 'fast-check';

/** Numbers as text that a numeric(38,18) column, decimal.js or a naive regex may mishandle. */
export const HOSTILE_DECIMALS: readonly string[] = [
  `1${'0'.repeat(40)}`,
  `0.${'1'.repeat(30)}`,
  `1${'0'.repeat(20)}`,
  `${'9'.repeat(20)}.${'9'.repeat(18)}`,
  `0.${'0'.repeat(18)}1`,
  '-1',
  '-0',
  '-0.5',
  '1e5',
  '1E-7',
  '1e308',
  '-1e-308',
  '+1',
  '.5',
  '5.',
  '0x1f',
  'Infinity',
  '-Infinity',
  'NaN',
  '1,000',
  ' 1 ',
  '１２３', // full-width digits
  '١٢٣', // Arabic-Indic digits
  `${'9'.repeat(5000)}`,
];

/** Strings that are long, invisible, bidirectional, NUL-bearing or otherwise awkward. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'a'.repeat(100_000),
  '😀'.repeat(2_000),
  '\u202Eevil\u202C',
  'שלום עולם',
  'a\u0000b',
  '\u0000',
  '\uD800', // a lone surrogate: not valid UTF-8
  'e\u0301\u0301\u0301',
  '\r\n\t',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'System Strategy\u0000',
  'BTCUSDT\u0000',
];

/** Built with JSON.parse so `__proto__` is an own key, as a hostile JSON body delivers it. */
export const PROTOTYPE_KEYS: readonly unknown[] = [
  JSON.parse('{"__proto__": {"polluted": "yes", "isAdmin": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}'),
  JSON.parse('{"__proto__": {"toString": "x"}, "constructor": {"prototype": {"valueOf": 1}}}'),
];

/** The marker the prototype payloads try to plant on Object.prototype. */
export const POLLUTION_MARKERS = ['polluted', 'isAdmin'] as const;

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, -0.0000001, 1e21, 2 ** 53 + 2, 1e308, -1e308),
  fc.constantFrom<unknown>(...HOSTILE_DECIMALS),
  fc.constantFrom<unknown>(...HOSTILE_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.double(),
  fc.integer(),
);

/** Any JSON value, biased to the hostile ones above; nesting stays shallow. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    // Prototype keys are rare: the JSON parser refuses them whole, which would hide the rest.
    { weight: 12, arbitrary: hostileLeaf },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 2, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }) },
  ),
})).value;

/** Bodies that are not JSON objects at all, or not JSON. */
export const RAW_BODIES: readonly string[] = [
  '{',
  '{"a":',
  'not json',
  '[]',
  '[{}]',
  '""',
  'null',
  '0',
  '{"__proto__": {"polluted": "yes"}}',
  '{"constructor": {"prototype": {"polluted": "yes"}}}',
  `{"a": "${'x'.repeat(100_000)}"}`,
  `[${'['.repeat(2_000)}${']'.repeat(2_000)}]`,
];

/** A path segment as a client would send it; a lone surrogate cannot be percent-encoded. */
export function pathSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}
