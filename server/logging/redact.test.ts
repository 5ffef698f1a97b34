/**
 * The server's part of the redaction: which configuration values are secrets. The rules
 * themselves, with this file's former text cases, are in common/redaction/redaction.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LangEn, Mnemonic } from 'ethers';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { BIP39_ENGLISH } from '../../common/redaction/bip39-english';
import { loadConfig } from '../config/config';
import { loggerOptions } from './logger';
import { REDACTED, redactSecrets, secretsOf } from './redact';

describe('secretsOf', () => {
  it('collects the passwords, keys and tokens of the configuration', () => {
    const secrets = secretsOf({
      DATABASE_URL: 'postgres://user:s3cret@host/db',
      SMTP_URL: 'smtp://mail:mailpw@smtp:25',
      REDIS_URL: 'redis://:redispw@cache:6379',
      BSC_RPC_URL: 'https://bsc.example.com/v3/0123456789abcdef0123456789abcdef?api_key=rpc-k3y',
      JWT_SECRET: 'j'.repeat(40),
      HOT_WALLET_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
      PORT: '8080',
    });
    expect(secrets).toEqual(
      expect.arrayContaining([
        's3cret',
        'mailpw',
        'redispw',
        '0123456789abcdef0123456789abcdef',
        'rpc-k3y',
        'j'.repeat(40),
        `0x${'ab'.repeat(32)}`,
      ]),
    );
    expect(secrets).not.toContain('8080');
  });
});

describe('the deposit mnemonic (DEPOSIT_MNEMONIC)', () => {
  // A BIP-39 test vector: a valid phrase, and no one's wallet.
  const phrase = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

  it('is a secret of the configuration, trimmed', () => {
    expect(secretsOf({ DEPOSIT_MNEMONIC: `  ${phrase}\n` })).toContain(phrase);
  });

  it('is redacted as ethers shows it, whatever the configured case and spacing', () => {
    const configured = phrase.toUpperCase().split(' ').join('  \t').replace('YEAR  \t', 'Year\n  ');
    const shown = Mnemonic.fromPhrase(configured).phrase; // what an HDNodeWallet logged as an object carries
    const redacted = redactSecrets(`wallet ${shown} ready`, secretsOf({ DEPOSIT_MNEMONIC: configured }));
    expect(redacted).toBe(`wallet ${REDACTED} ready`);
  });

  it('looks phrases up in the BIP-39 list ethers uses', () => {
    const list = LangEn.wordlist();
    expect(BIP39_ENGLISH).toEqual(Array.from({ length: 2048 }, (_, i) => list.getWord(i)));
  });
});

describe("the server logger's lines", () => {
  /** The JSON lines a pino logger built from the server's options writes. */
  function logged(log: (logger: pino.Logger) => void): Record<string, unknown>[] {
    const lines: string[] = [];
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(40),
      SECRETS_KEY: 'ab'.repeat(32),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'griddesk-redact-')),
    });
    const { stream, ...options } = loggerOptions(config, {
      stream: { write: (line: string) => lines.push(line) },
    }) as pino.LoggerOptions & { stream: pino.DestinationStream };
    log(pino(options, stream));
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('replaces whatever a logged object or a child logger holds under a secret name, lists and objects included', () => {
    const [line] = logged((logger) =>
      logger.child({ session: 'sess-1' }).warn(
        {
          member: 'm-1',
          apiSecret: 'exch-s3cret',
          tokens: ['tok-1', 'tok-2'],
          credentials: { user: 'u', pass: 'p4ss' },
          headers: { authorization: 'Bearer abc', host: 'h' },
        },
        'keys saved',
      ),
    );
    expect(line).toMatchObject({
      session: REDACTED,
      member: 'm-1',
      apiSecret: REDACTED,
      tokens: REDACTED,
      credentials: REDACTED,
      headers: { authorization: REDACTED, host: 'h' },
      msg: 'keys saved',
    });
  });

  it('redacts the forms the desktop export redacts: addresses, object prints, escaped JSON', () => {
    const [line] = logged((logger) => logger.info(`signup m@x.io { password: 'hunter2' } ${JSON.stringify({ otp: '123456' })}`));
    expect(line!.msg).toBe(`signup ${REDACTED} { password: '${REDACTED}' } {"otp":"${REDACTED}"}`);
  });
});
