/**
 * Credentials in URLs: the password of a connection URL (DATABASE_URL, SMTP_URL, REDIS_URL),
 * an API key in an RPC URL's path (Infura, QuickNode, Alchemy), credential query values, and
 * the password-reset token in a path (POST /api/reset-password/{token}, the app's link
 * griddesk://resetpassword/{token} and #/resetpassword/{token}). Text rules, not a URL parser:
 * a malformed URL, which is exactly what a configuration error reports, is redacted too.
 */
import { REDACTED } from './marker';
import { isSecretName } from './secret-names';

/** A path segment of an RPC URL that is an API key rather than a route: long, with a digit. */
const OPAQUE_SEGMENT = /^(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}$/;
/** Long segments that are public ids, not keys: a UUID (a bot, a cycle), an address or a tx hash. */
const PUBLIC_SEGMENT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|0x[0-9a-fA-F]{40}|0x[0-9a-fA-F]{64})$/i;
/** Schemes whose URLs carry keys in their path; database and mail URLs name a database there. */
const KEYED_PATH_SCHEMES = /^(https?|wss?):\/\/$/i;

// Every repetition below stops at the next character that could start another match, so a
// long line costs linear time (a log line may quote a 100,000-character input).
const QUERY_PAIR = /([?&][^=&?\s"'#\\]*=)([^&\s"'#\\]*)/g;
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`\\]+/gi;
/** The reset token after /reset-password/ or /resetpassword/, its slashes plain or percent-encoded. */
const RESET_TOKEN = /((?:\/|%2F)(?:reset-password|resetpassword)(?:\/|%2F))[^\s"'?#/\\&%]+/gi;

/** An API key standing as a URL path segment. */
export function isOpaqueSegment(segment: string): boolean {
  return OPAQUE_SEGMENT.test(segment) && !PUBLIC_SEGMENT.test(segment);
}

export function isKeyedPathScheme(schemeWithSlashes: string): boolean {
  return KEYED_PATH_SCHEMES.test(schemeWithSlashes);
}

/** `text` with the value of every `?name=value` / `&name=value` whose name is secret redacted. */
export function redactQuery(text: string): string {
  return text.replace(QUERY_PAIR, (whole, key: string) => (isSecretName(key.slice(1, -1)) ? `${key}${REDACTED}` : whole));
}

function redactKeyedPath(rest: string): string {
  const cut = rest.search(/[?#]/);
  const path = cut < 0 ? rest : rest.slice(0, cut);
  const shown = path
    .split('/')
    .map((segment, i) => (i > 0 && isOpaqueSegment(segment) ? REDACTED : segment))
    .join('/');
  return shown + (cut < 0 ? '' : rest.slice(cut));
}

/**
 * `url` with its password, its path API keys and its credential query values redacted; the
 * user name stays (which role connected is what support asks first). Path keys are looked for
 * in http/ws URLs, or everywhere with `pathKeys`.
 */
export function redactUrl(url: string, options: { pathKeys?: boolean } = {}): string {
  const match = /^([a-z][a-z0-9+.-]{0,31}:\/\/)?(.*)$/is.exec(url)!;
  const scheme = match[1] ?? '';
  const rest = match[2] ?? '';
  const pathKeys = options.pathKeys ?? isKeyedPathScheme(scheme);
  // The userinfo ends at the last '@' before the query: a password may hold '@' or '/'.
  const cut = rest.search(/[?#]/);
  const at = rest.lastIndexOf('@', cut < 0 ? rest.length : cut);
  const userinfo = at < 0 ? '' : rest.slice(0, at);
  const colon = userinfo.indexOf(':');
  const user = at < 0 ? '' : colon < 0 ? `${userinfo}@` : `${userinfo.slice(0, colon)}:${REDACTED}@`;
  const tail = rest.slice(at + 1);
  return scheme + user + redactQuery(pathKeys ? redactKeyedPath(tail) : tail);
}

/** Every URL in `text` through redactUrl, then every reset token in a path. */
export function redactUrlsInText(text: string): string {
  const shown = text.includes('://') ? text.replace(URL_IN_TEXT, (url) => redactUrl(url)) : text;
  return /reset-?password/i.test(shown) ? shown.replace(RESET_TOKEN, `$1${REDACTED}`) : shown;
}
