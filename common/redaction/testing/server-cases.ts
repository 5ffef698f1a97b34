/**
 * The cases of the server's former redactor (server/logging/redact.test.ts), its marker now
 * [REDACTED] where it wrote [redacted]: redactUrl's 10, redactSecrets' 14 texts (its 4 hostile
 * lines are in HOSTILE_LINES) and the deposit mnemonic's 9. secretsOf, which reads the server's
 * configuration names, keeps its own test there.
 */
import { REDACTED } from '../marker';
import type { TextCase } from './case';

/** [url, redactUrl's answer]. */
export const URL_CASES: readonly [string, string][] = [
  ['postgres://user:s3cret@db.example.com:5432/griddesk', `postgres://user:${REDACTED}@db.example.com:5432/griddesk`],
  ['smtps://mailer:p%40ss@smtp.example.com:465', `smtps://mailer:${REDACTED}@smtp.example.com:465`],
  ['redis://:redispw@cache:6379/0', `redis://:${REDACTED}@cache:6379/0`],
  // RPC providers put the API key in the path or the query.
  ['https://bsc-mainnet.infura.io/v3/0123456789abcdef0123456789abcdef', `https://bsc-mainnet.infura.io/v3/${REDACTED}`],
  ['wss://rpc.example.com/ws?apikey=abc123&chain=bsc', `wss://rpc.example.com/ws?apikey=${REDACTED}&chain=bsc`],
  ['https://x.quiknode.pro/9f8e7d6c5b4a39281706f5e4d3c2b1a0/', `https://x.quiknode.pro/${REDACTED}/`],
  // Nothing secret: unchanged.
  ['postgres://postgres@127.0.0.1:5432/test', 'postgres://postgres@127.0.0.1:5432/test'],
  ['http://127.0.0.1:8090', 'http://127.0.0.1:8090'],
];
/** [url redactUrl cannot parse, what must be gone]. */
export const UNPARSABLE_URL_CASES: readonly [string, string][] = [
  ['postgres://user:s3cret@host:99999999/db', 's3cret'],
  ['postgres://user:s3cr@t@host/db', 's3cr'],
];

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv_-0123456789';
/** A BIP-39 test vector: a valid phrase, and no one's wallet. */
export const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
/** The phrase as an operator might configure it: upper case, odd spacing, a line break. */
const CONFIGURED = PHRASE.toUpperCase().split(' ').join('  \t').replace('YEAR  \t', 'Year\n  ');
const case_ = (what: string, text: string, expect: Omit<TextCase, 'what' | 'text' | 'origin'>): TextCase => ({
  what,
  origin: 'server',
  text,
  ...expect,
});

export const SERVER_CASES: readonly TextCase[] = [
  case_('every URL inside a text', 'connect failed for postgres://app:hunter2@db:5432/x (retrying smtp://m:mailpw@smtp:25)', {
    gone: ['hunter2', 'mailpw'],
    kept: ['postgres://app:'],
  }),
  case_('a known secret as it is', 'password was pa"ss/word', { secrets: ['pa"ss/word'], shown: `password was ${REDACTED}` }),
  case_('a known secret JSON-escaped', JSON.stringify({ msg: 'pw pa"ss/word' }), { secrets: ['pa"ss/word'], gone: ['pa\\"ss'] }),
  case_('a known secret URL-encoded', 'postgres://u:pa%22ss%2Fword@h/db', { secrets: ['pa"ss/word'], gone: ['pa%22ss'] }),
  case_('a reset token in the API path', `POST /api/reset-password/${TOKEN} failed`, {
    shown: `POST /api/reset-password/${REDACTED} failed`,
  }),
  case_("a reset token in the app's link", `link griddesk://resetpassword/${TOKEN}`, {
    shown: `link griddesk://resetpassword/${REDACTED}`,
  }),
  case_('a reset token in a logged URL with a query', `"url":"/api/reset-password/${TOKEN}?x=1"`, {
    shown: `"url":"/api/reset-password/${REDACTED}?x=1"`,
  }),
  case_('credentials in a query string', '/api/x?token=abc&page=2&api_key=k1&password=p', {
    shown: `/api/x?token=${REDACTED}&page=2&api_key=${REDACTED}&password=${REDACTED}`,
  }),
  case_('ordinary text', 'bot 42 bought 0.5 BTC at 60000', { shown: 'bot 42 bought 0.5 BTC at 60000' }),

  case_('the configured phrase as configured', `deriving from ${PHRASE} failed`, {
    secrets: [PHRASE],
    shown: `deriving from ${REDACTED} failed`,
  }),
  case_(
    'the configured phrase in a logged wallet object',
    JSON.stringify({ level: 50, msg: 'wallet', wallet: { mnemonic: { phrase: PHRASE }, path: "m/44'/60'/0'/0/7" } }),
    {
      secrets: [PHRASE],
      shown: JSON.stringify({ level: 50, msg: 'wallet', wallet: { mnemonic: { phrase: REDACTED }, path: "m/44'/60'/0'/0/7" } }),
    },
  ),
  case_('the configured phrase URL-encoded', `GET /x?seed=${encodeURIComponent(PHRASE)}`, {
    secrets: [PHRASE],
    gone: ['sausage'],
  }),
  // ethers shows a phrase lower-cased with single spaces (Mnemonic.fromPhrase(CONFIGURED).phrase is PHRASE).
  ...[
    `wallet ${PHRASE} ready`,
    JSON.stringify({ phrase: PHRASE }),
    JSON.stringify({ phrase: CONFIGURED }),
    `url /x?p=${encodeURIComponent(PHRASE)}&q=1`,
    `form p=${PHRASE.replaceAll(' ', '+')}`,
  ].map((text) =>
    case_('the phrase configured in another case and spacing', text, {
      secrets: [CONFIGURED.trim()],
      gone: ['legal', 'LEGAL', 'sausage', 'SAUSAGE', 'yellow', 'YELLOW'],
    }),
  ),
  case_('a JSON-escaped secret with spaces', JSON.stringify({ msg: 'pw my "pass" word' }), {
    secrets: ['my "pass" word'],
    shown: JSON.stringify({ msg: `pw ${REDACTED}` }),
  }),
  case_("the phrase's words where they are not the phrase", 'a legal winner: thank you for a useful year', {
    secrets: [PHRASE],
    shown: 'a legal winner: thank you for a useful year',
  }),
];

/** Lines built to make a careless pattern backtrack: each must come back, whole, in linear time. */
export const HOSTILE_LINES: readonly string[] = [
  '?'.repeat(100_000),
  'a.'.repeat(50_000),
  `x://${'@'.repeat(100_000)}`,
  '&k'.repeat(50_000),
];
