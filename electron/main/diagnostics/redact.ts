/**
 * Removes secrets from text and settings before they leave the machine in a diagnostics zip
 * (and before a line reaches the log file). Two nets: values under a secret's name (JSON keys,
 * NAME=value, `Name: value` headers, query parameters), and values that look like secrets
 * whatever they are called (JWTs, Bearer and Basic credentials, URL passwords, 32-byte keys in
 * hex or base64, extended keys, PEM private keys, 12-24 word phrases, long opaque API keys).
 * It errs towards removing too much: a diagnostics file missing a hash is still useful, one
 * holding a member's exchange secret is an incident.
 */
export const REDACTED = '[REDACTED]';

/** Words that make a name secret: `password`, `apiSecret`, `SECRETS_KEY`, `x-mbx-apikey`... */
const SECRET_WORDS = new Set([
  'password', 'passwd', 'pwd', 'passphrase', 'pass', 'secret', 'secrets', 'token', 'tokens', 'apikey', 'key', 'keys',
  'privatekey', 'mnemonic', 'seed', 'phrase', 'authorization', 'auth', 'cookie', 'cookies', 'jwt', 'signature',
  'otp', 'xpub', 'xprv', 'credential', 'credentials', 'session', 'sessionid', 'bearer', 'launch',
]);

/**
 * Names that contain a secret word but hold public figures: the SPEC's balance fields
 * (usdtToken, ifcNewToken...) and the token contracts' addresses (TOKEN_USDT...).
 */
const PUBLIC_NAMES = /^(usdtToken|ifcNewToken|ifcNewTokenPrice|usdtRewardToken|TOKEN_(USDT|IFT|IFX)|secretsKeyId|keychain|theme)$/;

/** The words of a name: camelCase, snake_case, kebab-case and dotted names alike. */
function wordsOf(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // Joined pairs catch 'api key' and 'private key' spelt apart.
  return [...words, ...words.slice(1).map((w, i) => words[i] + w)];
}

export function isSecretName(name: string): boolean {
  if (PUBLIC_NAMES.test(name)) return false;
  return wordsOf(name).some((word) => SECRET_WORDS.has(word));
}

type Rule = [RegExp, (match: string, ...groups: string[]) => string];

const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Values under a secret's name. */
const NAMED: Rule[] = [
  // "name": "value" | number | true (JSON, pino lines, settings)
  [/"([^"\\]{1,64})"(\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false)/g, (all, name, colon) => (isSecretName(name!) ? `"${name}"${colon}"${REDACTED}"` : all)],
  // NAME=value (environment, query strings, logfmt)
  [/(?<![\w.-])([A-Za-z_][\w.-]{0,63})=("[^"]*"|'[^']*'|[^\s&,;"']+)/g, (all, name) => (isSecretName(name!) ? `${name}=${REDACTED}` : all)],
  // Name: value at the start of a line (HTTP headers, YAML)
  [/^([ \t]*)([A-Za-z][\w-]{0,63}):[ \t]+(\S.*)$/gm, (all, indent, name) => (isSecretName(name!) ? `${indent}${name}: ${REDACTED}` : all)],
];

/** A path such as /Users/Alice2/Library/Logs: base64-shaped, but every segment a word. */
function looksLikePath(text: string): boolean {
  return text.includes('/') && text.split('/').every((segment) => segment === '' || /^[A-Za-z]{2,}\d*$/.test(segment));
}

/** Values that are secrets by their look. */
const SHAPED: Rule[] = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g, () => REDACTED],
  [/\b(Bearer)\s+[A-Za-z0-9._~+/=-]{6,}/gi, (_all, scheme) => `${scheme} ${REDACTED}`],
  // Basic credentials are base64: a plain word after 'Basic' is prose ('Basic information').
  [/\b(Basic)\s+(?=[A-Za-z0-9+/]*[0-9A-Z+/=])[A-Za-z0-9+/]{4,}={0,2}/g, (_all, scheme) => `${scheme} ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, () => REDACTED],
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s:@/]*:[^\s@/]*@/gi, (_all, scheme) => `${scheme}${REDACTED}@`],
  [/\b[xtyz](?:pub|prv)[1-9A-HJ-NP-Za-km-z]{100,}/g, () => REDACTED],
  [/\b(?:0x)?[0-9a-fA-F]{64}\b/g, () => REDACTED],
  // A BIP-39 phrase: 12, 15, 18, 21 or 24 words of 3 to 8 lower-case letters, quoted or alone
  // on its line, so a sentence in a log line is left alone.
  [
    /(?<=^|["'`=]|:[ ]?)(?:[a-z]{3,8} ){11,23}[a-z]{3,8}(?=$|["'`,;])/gm,
    (all) => (all.split(' ').length % 3 === 0 ? REDACTED : all),
  ],
  // base64 of 24+ bytes with both cases and a digit (SECRETS_KEY in base64, sealed blobs).
  [
    /(?<![A-Za-z0-9+/])(?=[A-Za-z0-9+/]*\d)(?=[A-Za-z0-9+/]*[A-Z])(?=[A-Za-z0-9+/]*[a-z])[A-Za-z0-9+/]{32,}={0,2}(?![A-Za-z0-9+/=])/g,
    (all) => (ETH_ADDRESS.test(all) || looksLikePath(all) ? all : REDACTED),
  ],
  // Long opaque keys: exchange API keys are 64 letters and digits.
  [/(?<![A-Za-z0-9])(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{32,}(?![A-Za-z0-9])/g, (all) => (ETH_ADDRESS.test(all) ? all : REDACTED)],
];

export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replace] of [...NAMED, ...SHAPED]) out = out.replace(pattern, replace as (m: string, ...g: string[]) => string);
  return out;
}

/** A copy with every value under a secret's name replaced and every string redacted. */
export function redactValue(value: unknown, name = ''): unknown {
  if (name && isSecretName(name) && value !== null && value !== undefined) return REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactValue(item, key)]));
  }
  return value;
}
