/**
 * The forms issue 34's review found passing through the desktop's former redactor (every one
 * of FOUND_IN_REVIEW fails against it), and texts that must survive the one rule set now that
 * the server's log lines go through the desktop's broad key rules too.
 */
import { REDACTED } from '../marker';
import type { TextCase } from './case';
import { PHRASE } from './server-cases';

const JWT_PARTS = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiI0MiJ9', 'c2lnbmF0dXJlLXNpZ25hdHVyZQ'];
/** A reset token as the server makes them: base64url, with '-' and '_'. */
const RESET_TOKEN = 'Q2h-_x9Zz8Yy7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp_-Oo9Nn';
/** BIP-39 test vectors of 18 and 24 words. */
const PHRASE_18 =
  'gravity machine north sort system female filter attitude volume fold club stay feature office ecology stable narrow fog';
const PHRASE_24 =
  'void come effort suffer camp survey warrior heavy shoot primary clutch crush open amazing screen patrol group space point ten exist slush involve unfold';
const lines = (phrase: string, perLine: number) =>
  phrase
    .split(' ')
    .map((word, i) => (i > 0 && i % perLine === 0 ? `\n${word}` : i > 0 ? ` ${word}` : word))
    .join('');
const TX_HASH = `0x${'9f3c'.repeat(16)}`;

const found = (what: string, text: string, expect: Omit<TextCase, 'what' | 'text' | 'origin'>): TextCase => ({
  what,
  origin: 'issue 34',
  text,
  ...expect,
});
const keeps = (what: string, text: string): TextCase => ({ what, origin: 'issue 34', text, shown: text });

export const FOUND_IN_REVIEW: readonly TextCase[] = [
  found('an e-mail address in prose', 'mail sent to member@example.com (otp)', {
    gone: ['member@example.com'],
    kept: ['mail sent to', '(otp)'],
  }),
  found('an e-mail address in a JSON line', '{"level":30,"msg":"signup","email":"m@x.io"}', {
    shown: `{"level":30,"msg":"signup","email":"${REDACTED}"}`,
  }),
  found('an e-mail address percent-encoded in a query', 'GET /api/check?email=member%40example.com&x=1', {
    gone: ['member%40example.com'],
    kept: ['&x=1'],
  }),
  found("Node's print of an object", "{ password: 'hunter2', secretKey: 'abc' }", {
    shown: `{ password: '${REDACTED}', secretKey: '${REDACTED}' }`,
  }),
  found(
    "Node's print inside a log line, nested",
    "WARN login failed { body: { email: 'm@x.io', password: 'hunter2' }, otp: 482913 }",
    { gone: ['hunter2', 'm@x.io', '482913'], kept: ['WARN login failed { body: { email: '] },
  ),
  found(
    "Node's print with a quoted key and a double-quoted value",
    `{ 'api-key': 'k-1234', apiSecret: "it's-secret", user: 'm1' }`,
    { shown: `{ 'api-key': '${REDACTED}', apiSecret: "${REDACTED}", user: 'm1' }` },
  ),
  found('JSON escaped inside a string', '"{\\"password\\":\\"hunter2\\"}"', { shown: `"{\\"password\\":\\"${REDACTED}\\"}"` }),
  found(
    'JSON escaped inside a pino message',
    JSON.stringify({ level: 30, msg: `body ${JSON.stringify({ password: 'hunter2', otp: '123456' })}` }),
    { shown: JSON.stringify({ level: 30, msg: `body ${JSON.stringify({ password: REDACTED, otp: REDACTED })}` }) },
  ),
  found('JSON escaped twice', JSON.stringify(JSON.stringify(JSON.stringify({ apiSecret: 'hunter2' }))), { gone: ['hunter2'] }),
  found('escaped JSON whose secret holds a quote', JSON.stringify(JSON.stringify({ password: 'hun"ter2' })), {
    gone: ['hun', 'ter2'],
  }),
  found('escaped JSON cut from its string', 'tail: {\\"apiSecret\\":\\"hunter2\\",\\"x\\":1}', {
    shown: `tail: {\\"apiSecret\\":\\"${REDACTED}\\",\\"x\\":1}`,
  }),
  found("a '/' in a URL's password", 'DATABASE_URL=postgres://u:pa/ss@h:5432/db', {
    shown: `DATABASE_URL=postgres://u:${REDACTED}@h:5432/db`,
  }),
  found("an '@' in a URL's password", 'connecting to postgres://u:p@ss@h/db', {
    shown: `connecting to postgres://u:${REDACTED}@h/db`,
  }),
  found('a reset token in the app link', `deep link griddesk://resetpassword/${RESET_TOKEN}`, {
    shown: `deep link griddesk://resetpassword/${REDACTED}`,
  }),
  found("a reset token in the window's route", `navigate #/resetpassword/${RESET_TOKEN} done`, {
    shown: `navigate #/resetpassword/${REDACTED} done`,
  }),
  found('a reset token in the API path', `POST /api/reset-password/${RESET_TOKEN} 200`, {
    shown: `POST /api/reset-password/${REDACTED} 200`,
  }),
  found('a reset link percent-encoded', `open-url griddesk%3A%2F%2Fresetpassword%2F${RESET_TOKEN}&x=1`, {
    gone: [RESET_TOKEN],
    kept: ['&x=1'],
  }),
  found('a JWT with percent-encoded dots', `session ${JWT_PARTS.join('%2E')} expired`, { shown: `session ${REDACTED} expired` }),
  found(
    'a percent-encoded JWT in a query string',
    `GET /cb?state=${JWT_PARTS.join('%2E')}&next=%2Fapp%3Fs%3D${JWT_PARTS.join('%2E')}`,
    { gone: [JWT_PARTS[1]!, JWT_PARTS[2]!], kept: ['GET /cb?state=', '&next=%2Fapp%3Fs%3D'] },
  ),
  found('a JWT percent-encoded twice', `r=${JWT_PARTS.join('%252E')}`, { shown: `r=${REDACTED}` }),
  found('a recovery phrase split over two lines', `backup words:\n${lines(PHRASE, 6)}\nsaved`, {
    shown: `backup words:\n${REDACTED}\nsaved`,
  }),
  found(
    'a recovery phrase numbered, a word a line',
    `backup saved\n${PHRASE.split(' ')
      .map((w, i) => `${i + 1}. ${w}`)
      .join('\n')}\n`,
    { gone: ['sausage', 'yellow', 'legal'], kept: ['backup saved'] },
  ),
  found(
    'an 18-word phrase in a JSON line, split by escaped line breaks',
    JSON.stringify({ msg: `restore: ${lines(PHRASE_18, 5)}` }),
    { shown: JSON.stringify({ msg: `restore: ${REDACTED}` }) },
  ),
  found('a 24-word phrase over four lines, commas and all', `words\n${lines(PHRASE_24.replaceAll(' ', ', '), 6)}`, {
    gone: ['warrior', 'unfold', 'void'],
  }),
];

export const SURVIVES: readonly TextCase[] = [
  keeps('a transaction hash under its name', `{"level":40,"msg":"deposit scanner: skipped","txHash":"${TX_HASH}"}`),
  keeps("a transaction hash in an explorer's link", `see https://bscscan.com/tx/${TX_HASH}`),
  keeps(
    'order ids and prices',
    'order gd0123456789abcdef0123x1f filled 0.00123000 BTCUSDT at 60123.45 (orderId 28457391, gdsw-0123456789abcdef0123456789abcde)',
  ),
  keeps('a bot id in a URL path', 'GET http://127.0.0.1:8080/api/bots/123e4567-e89b-12d3-a456-426614174000 404'),
  keeps('IPC channel names', 'ipc session:expired sent; keys:save answered'),
  keeps(
    'a pino request line',
    '{"level":30,"time":1,"pid":7,"hostname":"h","reqId":"req-1","res":{"statusCode":200},"responseTime":1.25,"msg":"request completed"}',
  ),
  keeps(
    'a failed query without its values',
    'Failed query: select "id", "name" from "strategies" where "strategies"."user_id" = $1',
  ),
  keeps('package versions and a local user', 'electron@45.4.1 built; ssh deploy@127.0.0.1'),
  keeps(
    'prose of more than twelve words',
    'the engine could not place the order because the exchange was down and the member was told about it',
  ),
  keeps('a stack frame', '    at Object.<anonymous> (/Users/Alice2/GridDesk/dist/main.js:12:5)'),
];
