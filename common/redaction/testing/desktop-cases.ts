/**
 * The cases of the desktop's former redactor (electron/main/diagnostics/redact.test.ts): 23
 * texts it redacted, 9 it kept, 24 names and one settings object. Changed on purpose: e-mail
 * addresses it kept ('"email":"m@x.io"', '"to":"m@x.io"') are now redacted (issue 34).
 */
import { REDACTED } from '../marker';
import type { TextCase } from './case';

export const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
export const HEX_KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const B64_KEY = 'q3H9m2Vx8ZbT0pLk7RcW5sYd1NfGhJ4uAeE6iOyQxKo=';
const API_KEY = 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A';
const MNEMONIC = 'test test test test test test test test test test test junk';
const XPRV = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';

const removed = (what: string, text: string, gone: string[], kept: string[]): TextCase => ({
  what,
  origin: 'desktop',
  text,
  gone,
  kept,
});
const keeps = (what: string, text: string): TextCase => ({ what, origin: 'desktop', text, shown: text });

export const DESKTOP_CASES: readonly TextCase[] = [
  removed(
    'a pino line with a password',
    '{"level":30,"msg":"login","password":"hunter2!","email":"m@x.io"}',
    ['hunter2!', 'm@x.io'],
    ['"msg":"login"', '"email":', `"password":"${REDACTED}"`],
  ),
  removed(
    'an Authorization header in JSON',
    '{"req":{"headers":{"authorization":"Bearer abc.def.ghi","host":"127.0.0.1"}}}',
    ['abc.def.ghi'],
    ['"host":"127.0.0.1"'],
  ),
  removed(
    'an Authorization header line',
    'Authorization: Basic dXNlcjpwYXNzd29yZA==',
    ['dXNlcjpwYXNzd29yZA=='],
    ['Authorization: '],
  ),
  removed(
    'a Bearer token in prose',
    'request failed with Bearer 0123456789abcdef (401)',
    ['0123456789abcdef'],
    ['request failed with Bearer', '(401)'],
  ),
  removed('a JWT anywhere', `session ${JWT} expired`, [JWT, 'eyJzdWIiOiIxMjM0NTY3ODkwIn0'], ['session', 'expired']),
  removed('SECRETS_KEY in hex', `SECRETS_KEY=${HEX_KEY} PORT=8080`, [HEX_KEY], ['PORT=8080', `SECRETS_KEY=${REDACTED}`]),
  removed('an unnamed 32-byte hex key', `unwrapped ${HEX_KEY}`, [HEX_KEY], ['unwrapped']),
  removed('a private key with 0x', `HOT_WALLET_PRIVATE_KEY: 0x${HEX_KEY}`, [HEX_KEY], ['HOT_WALLET_PRIVATE_KEY']),
  removed('a base64 key', `key material ${B64_KEY} loaded`, [B64_KEY], ['key material', 'loaded']),
  removed('JWT_SECRET in an environment dump', 'JWT_SECRET="s3cr3t value" LOG_LEVEL=info', ['s3cr3t value'], ['LOG_LEVEL=info']),
  removed(
    'an exchange API key and secret',
    `{"apiKey":"${API_KEY}","apiSecret":"${API_KEY.toLowerCase()}"}`,
    [API_KEY, API_KEY.toLowerCase()],
    ['"apiKey"', '"apiSecret"'],
  ),
  removed('an unnamed exchange API key', `binance refused key ${API_KEY}`, [API_KEY], ['binance refused key']),
  removed('a Binance API-key header', `X-MBX-APIKEY: ${API_KEY}`, [API_KEY], ['X-MBX-APIKEY: ']),
  removed(
    'a query-string token',
    'GET /?launch=Zx81kLm0pQ&x=1 and /reset?token=abc123',
    ['Zx81kLm0pQ', 'abc123'],
    ['x=1', 'GET /?launch='],
  ),
  removed('the mnemonic by name', `DEPOSIT_MNEMONIC="${MNEMONIC}"`, [MNEMONIC, 'junk'], ['DEPOSIT_MNEMONIC=']),
  removed('a quoted 12-word phrase', `{"phrase":"${MNEMONIC}"}`, ['junk'], []),
  removed('an unnamed 12-word phrase on its own line', `backup:\n${MNEMONIC}\n`, ['test junk'], ['backup:']),
  removed(
    'database and SMTP URL passwords',
    'DATABASE_URL=postgres://griddesk:pa55@db:5432/g smtp url smtps://u:topsecret@mail.x:465',
    ['pa55', 'topsecret'],
    ['@db:5432/g', '@mail.x:465'],
  ),
  removed('an extended private key', `derived from ${XPRV}`, [XPRV], ['derived from']),
  removed(
    'a PEM private key',
    '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
    ['MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'],
    [],
  ),
  removed('a cookie header', 'cookie: griddesk-launch=8f1e2d; theme=dark', ['8f1e2d'], ['cookie: ']),
  removed('an OTP in a mail log', '{"msg":"mail sent","otp":"482913","to":"m@x.io"}', ['482913', 'm@x.io'], ['"to":']),
  removed('a numeric secret value', '{"pin":1,"password":12345678}', ['12345678'], ['"pin":1']),

  keeps('a plain log sentence', 'GridDesk: could not remove an old copy of the exchange secret'),
  keeps(
    'a long prose line of short words',
    'the server could not start because the port was taken and the data folder was locked',
  ),
  keeps('an Ethereum address', 'deposit to 0x71C7656EC7ab88b098defB751B7401B5f6d8976F credited'),
  keeps('a UUID idempotency key', 'Idempotency-Key 123e4567-e89b-12d3-a456-426614174000 replayed'),
  keeps('a macOS path', 'logs in /Users/Alice2/Library/Logs/GridDesk/main.log'),
  keeps(
    'balances under token-like names',
    '{"usdtToken":"125.50","ifcNewToken":"3","TOKEN_USDT":"0x55d398326f99059fF775485246999027B3197955"}',
  ),
  keeps('health figures', '{"status":"ok","exchange":{"prices":"stream","accountStreams":{"members":2}}}'),
  keeps('Basic in prose', 'Basic information about the pair'),
  keeps('the word token in prose', 'the session token expired; signing in again'),
];

export const SECRET_NAMES = [
  'password',
  'newPassword',
  'apiSecret',
  'api_key',
  'x-mbx-apikey',
  'SECRETS_KEY',
  'JWT_SECRET',
  'HOT_WALLET_PRIVATE_KEY',
  'DEPOSIT_MNEMONIC',
  'Authorization',
  'set-cookie',
  'accessToken',
  'METRICS_TOKEN',
  'otp',
];
export const PUBLIC_NAMES = [
  'email',
  'theme',
  'serverUrl',
  'usdtToken',
  'TOKEN_USDT',
  'secretsKeyId',
  'keychain',
  'windowState',
  'LOG_LEVEL',
  'ENGINE_ID',
];

/** The desktop's settings file, by name at any depth and every string by look. */
export const SETTINGS = {
  theme: 'dark',
  email: 'm@x.io',
  userData: { usdtToken: '10', token: 'abc', accessToken: JWT, nested: [{ password: 'p' }, `x ${HEX_KEY}`] },
  windowState: { width: 1200, maximized: false },
  secretsKeyId: 'k1',
};
export const SETTINGS_SHOWN = {
  theme: 'dark',
  email: REDACTED,
  userData: { usdtToken: '10', token: REDACTED, accessToken: REDACTED, nested: [{ password: REDACTED }, `x ${REDACTED}`] },
  windowState: { width: 1200, maximized: false },
  secretsKeyId: 'k1',
};
