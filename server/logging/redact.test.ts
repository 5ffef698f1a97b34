import { Mnemonic } from 'ethers';
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

describe('the deposit mnemonic (DEPOSIT_MNEMONIC)', () => {
  // A BIP-39 test vector: a valid phrase, and no one's wallet.
  const phrase = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

  it('is a secret of the configuration, redacted wherever a log line shows it as configured', () => {
    const secrets = secretsOf({ DEPOSIT_MNEMONIC: `  ${phrase}\n` });
    expect(secrets).toContain(phrase);
    expect(redactSecrets(`deriving from ${phrase} failed`, secrets)).toBe(`deriving from ${REDACTED} failed`);
    const line = JSON.stringify({ level: 50, msg: 'wallet', wallet: { mnemonic: { phrase }, path: "m/44'/60'/0'/0/7" } });
    expect(redactSecrets(line, secrets)).toBe(line.replace(phrase, REDACTED));
    expect(redactSecrets(`GET /x?seed=${encodeURIComponent(phrase)}`, secrets)).not.toContain('sausage');
  });

  it('is redacted as ethers shows it too: the words in lower case with single spaces, whatever the configured case and spacing', () => {
    const configured = phrase.toUpperCase().split(' ').join('  \t').replace('YEAR  \t', 'Year\n  ');
    const secrets = secretsOf({ DEPOSIT_MNEMONIC: configured });
    const shown = Mnemonic.fromPhrase(configured).phrase; // what an HDNodeWallet logged as an object carries
    expect(shown).toBe(phrase);
    for (const line of [`wallet ${shown} ready`, JSON.stringify({ phrase: shown }), JSON.stringify({ phrase: configured }),
      `url /x?p=${encodeURIComponent(shown)}&q=1`, `form p=${shown.replaceAll(' ', '+')}`]) {
      const redacted = redactSecrets(line, secrets);
      expect(redacted, line).toContain(REDACTED);
      for (const word of ['legal', 'sausage', 'yellow']) expect(redacted.toLowerCase(), line).not.toContain(word);
    }
  });

  it('still redacts the JSON-escaped form of a secret with spaces', () => {
    const secrets = ['my "pass" word'];
    expect(redactSecrets(JSON.stringify({ msg: 'pw my "pass" word' }), secrets)).toBe(JSON.stringify({ msg: `pw ${REDACTED}` }));
  });

  it('leaves its words alone where they are not the phrase', () => {
    const secrets = secretsOf({ DEPOSIT_MNEMONIC: phrase });
    const text = 'a legal winner: thank you for a useful year';
    expect(redactSecrets(text, secrets)).toBe(text);
  });
});
