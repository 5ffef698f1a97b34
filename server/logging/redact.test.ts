import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, redactUrl, secretsOf } from './redact';

describe('redactUrl', () => {
  it.each([
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
  ])('%s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  it('redacts what it can of a URL it cannot parse', () => {
    expect(redactUrl('postgres://user:s3cret@host:99999999/db')).not.toContain('s3cret');
    expect(redactUrl('postgres://user:s3cr@t@host/db')).not.toContain('s3cr');
  });
});

describe('redactSecrets', () => {
  it('redacts every URL inside a text', () => {
    const text = 'connect failed for postgres://app:hunter2@db:5432/x (retrying smtp://m:mailpw@smtp:25)';
    const shown = redactSecrets(text);
    expect(shown).not.toContain('hunter2');
    expect(shown).not.toContain('mailpw');
    expect(shown).toContain('postgres://app:');
  });

  it('redacts the known secrets verbatim, JSON-escaped and URL-encoded', () => {
    const secrets = ['pa"ss/word'];
    expect(redactSecrets('password was pa"ss/word', secrets)).toBe(`password was ${REDACTED}`);
    expect(redactSecrets(JSON.stringify({ msg: 'pw pa"ss/word' }), secrets)).not.toContain('pa\\"ss');
    expect(redactSecrets('postgres://u:pa%22ss%2Fword@h/db', secrets)).not.toContain('pa%22ss');
  });

  it('redacts a password-reset token in a path and credentials in a query string', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUv_-0123456789';
    expect(redactSecrets(`POST /api/reset-password/${token} failed`)).toBe(`POST /api/reset-password/${REDACTED} failed`);
    expect(redactSecrets(`link griddesk://resetpassword/${token}`)).toBe(`link griddesk://resetpassword/${REDACTED}`);
    expect(redactSecrets(`"url":"/api/reset-password/${token}?x=1"`)).toBe(`"url":"/api/reset-password/${REDACTED}?x=1"`);
    expect(redactSecrets('/api/x?token=abc&page=2&api_key=k1&password=p')).toBe(
      `/api/x?token=${REDACTED}&page=2&api_key=${REDACTED}&password=${REDACTED}`);
  });

  it('gets through long hostile lines (each pattern scans a line once)', () => {
    for (const line of ['?'.repeat(100_000), 'a.'.repeat(50_000), `x://${'@'.repeat(100_000)}`, '&k'.repeat(50_000)]) {
      expect(redactSecrets(line).length).toBeGreaterThan(0);
    }
  });

  it('leaves ordinary text alone', () => {
    expect(redactSecrets('bot 42 bought 0.5 BTC at 60000')).toBe('bot 42 bought 0.5 BTC at 60000');
  });
});

describe('secretsOf', () => {
  it('collects the passwords, keys and tokens of the configuration', () => {
    const secrets = secretsOf({
      DATABASE_URL: 'postgres://user:s3cret@host/db',
      SMTP_URL: 'smtp://mail:mailpw@smtp:25',
      REDIS_URL: 'redis://:redispw@cache:6379',
      BSC_RPC_URL: 'https://bsc.example.com/v3/0123456789abcdef0123456789abcdef',
      JWT_SECRET: 'j'.repeat(40),
      HOT_WALLET_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
      PORT: '8080',
    });
    expect(secrets).toEqual(expect.arrayContaining(['s3cret', 'mailpw', 'redispw', '0123456789abcdef0123456789abcdef', 'j'.repeat(40),
      `0x${'ab'.repeat(32)}`]));
    expect(secrets).not.toContain('8080');
  });
});
