/**
 * A bad configuration is reported in one line naming the variable, and never with a password or
 * an API key in it (issue 10 item 9): not by loadConfig, not by the process entry's startup error.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config';
import { startupFailureText } from './startup-failure';

const secrets = { JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'ab'.repeat(32) };

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ ...secrets, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('configuration errors', () => {
  it.each([
    [
      'DATABASE_URL',
      'mysql://user:s3cret@host/db',
      's3cret',
      'DATABASE_URL must use one of postgres, postgresql (got "mysql://user:[REDACTED]@host/db")',
    ],
    ['DATABASE_URL', 'postgres://user:s3cret@host:99999999/db', 's3cret', 'DATABASE_URL must be a URL'],
    ['DATABASE_URL', 'user:s3cret@host/db', 's3cret', 'DATABASE_URL must use one of postgres, postgresql'],
    ['SMTP_URL', 'http://mailer:mail-s3cret@smtp.example.com', 'mail-s3cret', 'SMTP_URL must use one of smtp, smtps'],
    [
      'BSC_RPC_URL',
      'ftp://rpc.example.com/v3/0123456789abcdef0123456789abcdef',
      '0123456789abcdef0123456789abcdef',
      'BSC_RPC_URL must use one of',
    ],
    [
      'BSC_RPC_URL',
      'rpc.example.com/v3/0123456789abcdef0123456789abcdef',
      '0123456789abcdef0123456789abcdef',
      'BSC_RPC_URL must be a URL',
    ],
    ['BSC_RPC_URL', 'ftp://rpc.example.com/?apikey=key-s3cret', 'key-s3cret', 'BSC_RPC_URL must use one of'],
  ])('%s=%s names the variable and hides the credential', (name, value, secret, message) => {
    const text = configError({ [name]: value });
    expect(text).toContain(message);
    expect(text).not.toContain(secret);
  });

  it('still shows values that are not secret', () => {
    expect(configError({ PORT: 'abc' })).toBe('Invalid configuration: PORT must be an integer from 0 to 65535 (got "abc")');
  });
});

describe('startupFailureText', () => {
  const env = { DATABASE_URL: 'postgres://griddesk:db-s3cret@db.internal/griddesk', SMTP_URL: 'smtp://m:mail-s3cret@smtp:25' };

  it('is the one line of a configuration error', () => {
    expect(startupFailureText(new ConfigError('Invalid configuration: PORT must be an integer'), env)).toBe(
      'Invalid configuration: PORT must be an integer',
    );
  });

  it('redacts what a driver error quotes: the URL, and the password alone', () => {
    const error = new Error(
      'connect ECONNREFUSED for postgres://griddesk:db-s3cret@db.internal/griddesk; password db-s3cret rejected',
    );
    const text = startupFailureText(error, env);
    expect(text).toMatch(/^GridDesk platform server failed to start: /);
    expect(text).not.toContain('db-s3cret');
    expect(text).toContain('postgres://griddesk:[REDACTED]@db.internal/griddesk');
  });

  it('redacts a cause as well', () => {
    const error = new Error('mailer failed', { cause: new Error('auth failed: mail-s3cret') });
    expect(startupFailureText(error, env)).not.toContain('mail-s3cret');
  });
});
