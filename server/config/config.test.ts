import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ARGON2, loadConfig } from './config';

const secrets = { JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'ab'.repeat(32) };
const dir = () => mkdtempSync(join(tmpdir(), 'griddesk-config-'));

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig({ ...secrets, DATA_DIR: dir() });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: null,
      exchange: 'sim',
      smtpUrl: null,
      serverPublicIp: '127.0.0.1',
      roles: ['api', 'engine', 'chain'],
      logLevel: 'info',
      argon2: DEFAULT_ARGON2,
      futuresEnabled: false,
      metricsToken: null,
      engineId: null,
      demoTrading: true,
    });
    expect(config.secretsKey).toHaveLength(32);
  });

  it('reads the engine settings', () => {
    const config = loadConfig({
      ...secrets,
      FUTURES_ENABLED: 'true',
      METRICS_TOKEN: 'scrape-me',
      ENGINE_ID: 'engine-a',
      DEMO_TRADING: 'false',
    });
    expect(config).toMatchObject({ futuresEnabled: true, metricsToken: 'scrape-me', engineId: 'engine-a', demoTrading: false });
    expect(() => loadConfig({ ...secrets, DEMO_TRADING: 'yes' })).toThrow(ConfigError);
  });

  it('reads MIGRATIONS_ON_BOOT: apply by default, apply or check, anything else refused naming it', () => {
    expect(loadConfig({ ...secrets, DATA_DIR: dir() }).migrationsOnBoot).toBe('apply');
    expect(loadConfig({ ...secrets, DATA_DIR: dir(), MIGRATIONS_ON_BOOT: 'apply' }).migrationsOnBoot).toBe('apply');
    expect(loadConfig({ ...secrets, DATA_DIR: dir(), MIGRATIONS_ON_BOOT: ' check ' }).migrationsOnBoot).toBe('check');
    expect(() => loadConfig({ ...secrets, DATA_DIR: dir(), MIGRATIONS_ON_BOOT: 'skip' })).toThrow(
      new ConfigError('Invalid configuration: MIGRATIONS_ON_BOOT must be one of apply, check (got "skip")'),
    );
  });

  it('reads REQUEST_TIMEOUT_MS: 10 s by default, 100 ms to 10 minutes, anything else refused naming it', () => {
    expect(loadConfig({ ...secrets, DATA_DIR: dir() }).requestTimeoutMs).toBe(10_000);
    expect(loadConfig({ ...secrets, DATA_DIR: dir(), REQUEST_TIMEOUT_MS: '2500' }).requestTimeoutMs).toBe(2_500);
    for (const value of ['0', '99', '600001', '5s', '-1']) {
      expect(() => loadConfig({ ...secrets, DATA_DIR: dir(), REQUEST_TIMEOUT_MS: value }), value).toThrow(
        'Invalid configuration: REQUEST_TIMEOUT_MS must be an integer from 100 to 600000',
      );
    }
  });

  it('generates the secrets once into DATA_DIR/secrets.json with mode 0600', () => {
    const dataDir = dir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.secretsKey.equals(first.secretsKey)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveProperty('secretsKey');
  });

  it('writes nothing when both secrets come from the environment', () => {
    const dataDir = join(dir(), 'never-created');
    loadConfig({ ...secrets, DATA_DIR: dataDir });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('reads the simulator settings (SIM_PORT=0 is a free port)', () => {
    const config = loadConfig({
      ...secrets,
      SIM_PORT: '0',
      SIM_SEED: '9',
      SIM_RANDOM_WALK: 'off',
      SIM_URL: 'http://127.0.0.1:9000',
    });
    expect(config).toMatchObject({ simPort: 0, simSeed: 9, simRandomWalk: false, simUrl: 'http://127.0.0.1:9000' });
    expect(loadConfig({ ...secrets }).simPort).toBeNull();
  });

  it('accepts PORT=0 and trims a trailing slash from APP_WEB_URL', () => {
    const config = loadConfig({ ...secrets, PORT: '0', APP_WEB_URL: 'http://127.0.0.1:5173/' });
    expect(config.port).toBe(0);
    expect(config.appWebUrl).toBe('http://127.0.0.1:5173');
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer from 0 to 65535 (got "abc")'],
    ['PORT', '70000', 'PORT must be an integer'],
    ['EXCHANGE', 'kraken', 'EXCHANGE must be one of sim, binance'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must use one of postgres, postgresql'],
    ['DATABASE_URL', 'not a url', 'DATABASE_URL must be a URL'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL must use one of smtp, smtps'],
    ['SERVER_PUBLIC_IP', 'example.com', 'SERVER_PUBLIC_IP must be an IPv4 or IPv6 address'],
    ['ROLES', 'api,web', 'ROLES must list some of api,engine,chain'],
    ['TOKEN_USDT', '0x12', 'TOKEN_USDT must be a 0x-prefixed 20-byte address'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of'],
    ['JWT_SECRET', 'short', 'JWT_SECRET must be at least 32 characters long'],
    ['SECRETS_KEY', 'abcd', 'SECRETS_KEY must be 32 bytes'],
    ['DEPOSIT_MNEMONIC', 'one two three', 'DEPOSIT_MNEMONIC must have 12-24 words (got 3)'],
    ['APP_WEB_URL', 'ftp://x', 'APP_WEB_URL must use one of http, https'],
    ['RATE_LIMIT_MAX', '0', 'RATE_LIMIT_MAX must be an integer'],
    ['SIM_URL', 'ftp://x', 'SIM_URL must use one of http, https'],
    ['SIM_PORT', '-1', 'SIM_PORT must be an integer from 0 to 65535'],
    ['SIM_SEED', 'x', 'SIM_SEED must be an integer'],
    ['SIM_RANDOM_WALK', 'maybe', 'SIM_RANDOM_WALK must be one of on, off'],
  ])('refuses %s=%s with one clear line', (name, value, message) => {
    const attempt = () => loadConfig({ ...secrets, DATA_DIR: dir(), [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).message.startsWith('Invalid configuration: ')).toBe(true);
    }
  });

  it('reads the chain settings, with the BSC defaults', () => {
    expect(loadConfig({ ...secrets })).toMatchObject({
      hotWalletPrivateKey: null,
      chainConfirmations: 15,
      chainPollMs: 3000,
      chainStartBlock: null,
      chainScanBlocks: 1000,
      depositListenSeconds: 900,
    });
    const key = `0x${'ab'.repeat(32)}`;
    const config = loadConfig({
      ...secrets,
      HOT_WALLET_PRIVATE_KEY: key,
      CHAIN_CONFIRMATIONS: '3',
      CHAIN_POLL_MS: '250',
      CHAIN_START_BLOCK: '0',
      CHAIN_SCAN_BLOCKS: '50',
      DEPOSIT_LISTEN_SECONDS: '60',
    });
    expect(config).toMatchObject({
      hotWalletPrivateKey: key,
      chainConfirmations: 3,
      chainPollMs: 250,
      chainStartBlock: 0,
      chainScanBlocks: 50,
      depositListenSeconds: 60,
    });
    expect(() => loadConfig({ ...secrets, CHAIN_CONFIRMATIONS: '-1' })).toThrow('CHAIN_CONFIRMATIONS must be an integer');
    expect(() => loadConfig({ ...secrets, CHAIN_POLL_MS: '10' })).toThrow('CHAIN_POLL_MS must be an integer from 50');
    expect(() => loadConfig({ ...secrets, DEPOSIT_LISTEN_SECONDS: 'soon' })).toThrow('DEPOSIT_LISTEN_SECONDS must be an integer');
  });

  it('never echoes the hot wallet key, not even a malformed one', () => {
    const almost = `0x${'cd'.repeat(31)}zz`;
    expect(() => loadConfig({ ...secrets, HOT_WALLET_PRIVATE_KEY: almost })).toThrow(
      'HOT_WALLET_PRIVATE_KEY must be 0x followed by 64 hex characters',
    );
    try {
      loadConfig({ ...secrets, HOT_WALLET_PRIVATE_KEY: almost });
    } catch (error) {
      expect((error as Error).message).not.toContain('cdcd');
    }
  });

  it('never echoes the mnemonic itself', () => {
    const phrase = 'alpha beta gamma delta';
    expect(() => loadConfig({ ...secrets, DEPOSIT_MNEMONIC: phrase })).toThrow(/got 4\)$/);
  });
});

describe('loadConfig: reset mails and proxies (issue 20, items 3 and 7)', () => {
  it('caps reset mails at 5 an hour unless RESET_MAIL_HOURLY_MAX says otherwise', () => {
    expect(loadConfig({ ...secrets, DATA_DIR: dir() }).resetMailHourlyMax).toBe(5);
    expect(loadConfig({ ...secrets, DATA_DIR: dir(), RESET_MAIL_HOURLY_MAX: '12' }).resetMailHourlyMax).toBe(12);
    for (const value of ['0', 'many', '-1']) {
      expect(() => loadConfig({ ...secrets, DATA_DIR: dir(), RESET_MAIL_HOURLY_MAX: value })).toThrow(
        'Invalid configuration: RESET_MAIL_HOURLY_MAX must be an integer from 1 to 1000',
      );
    }
  });

  it('believes no proxy unless TRUST_PROXY lists some', () => {
    expect(loadConfig({ ...secrets, DATA_DIR: dir() }).trustProxy).toBeNull();
    expect(loadConfig({ ...secrets, DATA_DIR: dir(), TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it.each([['true'], ['*'], ['0.0.0.0/0'], ['nginx'], ['10.0.0.1/99']])(
    'refuses TRUST_PROXY=%s with one line naming the variable',
    (value) => {
      const attempt = () => loadConfig({ ...secrets, DATA_DIR: dir(), TRUST_PROXY: value });
      expect(attempt).toThrow(ConfigError);
      try {
        attempt();
      } catch (error) {
        expect((error as Error).message).toMatch(/^Invalid configuration: TRUST_PROXY must list proxy addresses or CIDRs/);
        expect((error as Error).message).not.toContain('\n');
      }
    },
  );
});
