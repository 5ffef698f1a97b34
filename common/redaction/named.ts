/**
 * Values under a secret's name, in the shapes a log line or a dump writes a name and its value:
 * JSON and pino lines (`"password":"x"`), Node's object print (`{ password: 'x' }`,
 * `{ 'api-key': "x" }`), environment dumps, query strings and logfmt (`JWT_SECRET=x`), and
 * header or YAML lines (`Authorization: Basic ...`).
 *
 * None of them may break a JSON line (properties.test.ts): a replaced value is always a whole
 * quoted string or a whole bare token. The printed and assigned forms may be read inside a JSON
 * string, so there a double quote followed by `,` `:` `]` or `}` is taken for that string's end,
 * never for the opening of a value (a printed password beginning with one of those four is the
 * price: `{ password: ",x" }` is left to the other rules).
 */
import { REDACTED } from './marker';
import { isSecretName } from './secret-names';

export type Rule = (text: string) => string;

/** A JSON value that can be a secret: a string, a number, a boolean. */
const JSON_VALUE = String.raw`"(?:[^"\\\n]|\\.)*"|-?\d[\d.eE+-]*|true|false`;
/**
 * A value as Node prints it (single quotes, or double quotes or backticks when the text holds
 * single quotes), or a JSON value. Read where the name may sit inside a JSON string, so a double
 * quote followed by JSON punctuation is that string's end, not a value.
 */
const PRINTED_VALUE =
  String.raw`"(?![,:\]}])(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` +
  '`(?:[^`\\\\\\n]|\\\\.)*`' +
  String.raw`|-?\d[\d.eE+-]*|true|false`;

/** `"name": value` (JSON, pino lines). */
const JSON_NAME = new RegExp(String.raw`"([^"\\\n]{1,64})"(\s*:\s*)(${JSON_VALUE})`, 'g');
/** `'name': value` and `name: value` (Node's print of an object, JavaScript, YAML). */
const PRINTED_NAME = new RegExp(String.raw`(?<![\w$"'.-])('?)([A-Za-z_$][\w$-]{0,63})\1(:\s*)(${PRINTED_VALUE})`, 'g');
/**
 * `NAME=value`: a bare value anywhere (a query string inside a JSON string too); a quoted one
 * only where a word begins and when a separator follows it, as in an environment dump.
 */
const ASSIGNED_BARE = /(?<![\w.-])([A-Za-z_][\w.-]{0,63})=([^\s&,;"'\\]+)/g;
const ASSIGNED_QUOTED =
  /(?<=^|\s)([A-Za-z_][\w.-]{0,63})=("(?![,:\]}])(?:[^"\\\n]|\\.){0,4096}"|'(?:[^'\\\n]|\\.){0,4096}')(?=$|[\s,;&])/gm;
/**
 * `\"name\":\"value\"`: one level of escaped JSON outside any JSON string (a tail cut from a
 * log line). Strings that hold escaped JSON are opened and redacted whole (escaped-json.ts);
 * this catches what is left.
 */
const ESCAPED_JSON_NAME = /\\"([^"\\\n]{1,64})\\"(\s*:\s*)\\"((?:[^"\\\n]|\\\\)*)\\"/g;
/** `Name: value` at the start of a line (HTTP headers, YAML), a bare value up to the line's end. */
const HEADER_LINE = /^([ \t]*)([A-Za-z][\w-]{0,63}):[ \t]+((?!["'`])\S.*)$/gm;

/**
 * The replacement for a printed value: in its own quotes, or bare for a number or a boolean (it
 * may sit inside a JSON string, where a quote of ours would end that string).
 */
function redactedValue(value: string): string {
  const quote = value[0]!;
  return `"'\``.includes(quote) ? `${quote}${REDACTED}${quote}` : REDACTED;
}

export const NAMED_RULES: readonly Rule[] = [
  (text) =>
    text.includes(':')
      ? text.replace(JSON_NAME, (all, name: string, colon: string) =>
          isSecretName(name) ? `"${name}"${colon}"${REDACTED}"` : all,
        )
      : text,
  (text) =>
    text.includes(':')
      ? text.replace(PRINTED_NAME, (all, quote: string, name: string, colon: string, value: string) =>
          isSecretName(name) ? `${quote}${name}${quote}${colon}${redactedValue(value)}` : all,
        )
      : text,
  (text) =>
    text.includes('=')
      ? text
          .replace(ASSIGNED_QUOTED, (all, name: string) => (isSecretName(name) ? `${name}=${REDACTED}` : all))
          .replace(ASSIGNED_BARE, (all, name: string) => (isSecretName(name) ? `${name}=${REDACTED}` : all))
      : text,
  (text) =>
    text.includes('\\"')
      ? text.replace(ESCAPED_JSON_NAME, (all, name: string, colon: string) =>
          isSecretName(name) ? `\\"${name}\\"${colon}\\"${REDACTED}\\"` : all,
        )
      : text,
  (text) =>
    text.includes(':')
      ? text.replace(HEADER_LINE, (all, indent: string, name: string) =>
          isSecretName(name) ? `${indent}${name}: ${REDACTED}` : all,
        )
      : text,
];
