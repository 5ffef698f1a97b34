/**
 * Credentials never reach a log line or a startup error: the password of a connection URL
 * (DATABASE_URL, SMTP_URL, REDIS_URL), an API key in an RPC URL's path or query (BSC_RPC_URL),
 * a password-reset token in a request path, a token in a query string, and the configured
 * secrets themselves wherever they appear (a driver's error message may quote them).
 */

export const REDACTED = '[redacted]';

/** Query keys whose values are credentials (api_key, access_token, password, sig...). */
const SECRET_QUERY_KEY = /(token|key|secret|passw|pwd|auth|signature|sig|credential)/i;
/** A path segment of an RPC URL that is an API key rather than a route (Infura, QuickNode, Alchemy). */
const OPAQUE_SEGMENT = /^(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}$/;
/** Schemes whose URLs carry keys in their path; database and mail URLs name a database there. */
const KEYED_PATH_SCHEMES = /^(https?|wss?):\/\/$/i;

/**
 * Path segments followed by a secret: POST /api/reset-password/{token} (SPEC section 7) and the
 * app's reset link (griddesk://resetpassword/{token}, #/resetpassword/{token}).
 */
const TOKEN_PATH_SEGMENTS = ['reset-password', 'resetpassword'];
const TOKEN_PATHS = new RegExp(`(/(?:${TOKEN_PATH_SEGMENTS.join('|')})/)[^\\s"'?#/\\\\]+`, 'g');
// Every repetition below stops at the next character that could start another match, so a
// long line costs linear time (a log line may quote a 100,000-character input).
const SECRET_QUERY = /([?&][^=&?\s"'#\\]*=)([^&\s"'#\\]*)/g;
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`\\]+/gi;

/** Secrets shorter than this are not replaced verbatim: they would match ordinary words. */
const MIN_SECRET_LENGTH = 4;

function redactQuery(text: string): string {
  return text.replace(SECRET_QUERY, (whole, key: string) => (SECRET_QUERY_KEY.test(key) ? `${key}${REDACTED}` : whole));
}

function redactKeyedPath(rest: string): string {
  const cut = rest.search(/[?#]/);
  const path = cut < 0 ? rest : rest.slice(0, cut);
  const shown = path.split('/').map((segment, i) => (i > 0 && OPAQUE_SEGMENT.test(segment) ? REDACTED : segment)).join('/');
  return shown + (cut < 0 ? '' : rest.slice(cut));
}

/**
 * `url` with its password, its path API keys and its credential query values replaced by
 * [redacted]. Path keys are looked for in http/ws URLs, or everywhere with `pathKeys`. Works on
 * text, not a parsed URL, so a malformed URL (which is exactly what a configuration error
 * reports) is redacted too, a missing scheme included.
 */
export function redactUrl(url: string, options: { pathKeys?: boolean } = {}): string {
  const match = /^([a-z][a-z0-9+.-]{0,31}:\/\/)?(.*)$/is.exec(url)!;
  const scheme = match[1] ?? '';
  const rest = match[2] ?? '';
  const pathKeys = options.pathKeys ?? KEYED_PATH_SCHEMES.test(scheme);
  // The userinfo ends at the last '@' before the query: a password may hold '@' or '/'.
  const cut = rest.search(/[?#]/);
  const at = rest.lastIndexOf('@', cut < 0 ? rest.length : cut);
  const userinfo = at < 0 ? '' : rest.slice(0, at);
  const colon = userinfo.indexOf(':');
  const user = at < 0 ? '' : colon < 0 ? `${userinfo}@` : `${userinfo.slice(0, colon)}:${REDACTED}@`;
  const tail = rest.slice(at + 1);
  return scheme + user + redactQuery(pathKeys ? redactKeyedPath(tail) : tail);
}

/**
 * A configuration value as an error may show it: connection URLs redacted (path keys included,
 * whatever the scheme, as a wrong scheme is what the error is about), anything else as is.
 */
export function redactConfigValue(name: string, value: string): string {
  return (URL_SECRET_NAMES as readonly string[]).includes(name) ? redactUrl(value, { pathKeys: true }) : redactSecrets(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a secret takes in a log line: as is, inside a JSON string, percent-encoded. */
function formsOf(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
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

/** `text` with every URL, reset-token path, credential query value and known secret redacted. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let shown = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    const phrase = phrasePattern(secret);
    if (phrase) shown = shown.replace(phrase, REDACTED);
    for (const form of formsOf(secret)) shown = shown.replace(new RegExp(escapeRegExp(form), 'g'), REDACTED);
  }
  shown = shown.replace(URL_IN_TEXT, (url) => redactUrl(url));
  shown = shown.replace(TOKEN_PATHS, `$1${REDACTED}`);
  return redactQuery(shown);
}

type SecretSource = Record<string, string | null | undefined>;

/** Connection URLs whose credentials are secrets. */
export const URL_SECRET_NAMES = ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'BSC_RPC_URL', 'SIM_URL'] as const;
/** Variables that are secrets as a whole. */
export const PLAIN_SECRET_NAMES = ['JWT_SECRET', 'SECRETS_KEY', 'PREVIOUS_SECRETS_KEY', 'HOT_WALLET_PRIVATE_KEY', 'DEPOSIT_MNEMONIC',
  'METRICS_TOKEN'] as const;

/** The secret parts of a URL: its password and, for http/ws URLs, path keys and credential query values. */
function secretsInUrl(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const found: string[] = [];
  if (parsed.password) found.push(parsed.password, decodeURIComponent(parsed.password));
  if (KEYED_PATH_SCHEMES.test(`${parsed.protocol}//`)) {
    found.push(...parsed.pathname.split('/').filter((segment) => OPAQUE_SEGMENT.test(segment)));
  }
  for (const [key, value] of parsed.searchParams) if (SECRET_QUERY_KEY.test(key) && value) found.push(value);
  return found;
}

/** Every secret value of an environment (or a configuration mapped onto its variable names). */
export function secretsOf(source: SecretSource): string[] {
  const found: string[] = [];
  for (const name of URL_SECRET_NAMES) {
    const value = source[name]?.trim();
    if (value) found.push(...secretsInUrl(value));
  }
  for (const name of PLAIN_SECRET_NAMES) {
    const value = source[name]?.trim();
    if (value) found.push(value);
  }
  return [...new Set(found)].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}
