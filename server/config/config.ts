/**
 * Environment configuration (ARCHITECTURE section 3), validated once at boot. A bad value stops
 * boot with one line naming the variable, never a stack trace deep inside a plugin.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { chainConfig, type ChainConfig, type ChainVariables } from './chain';
import { parseTrustProxy } from './trust-proxy';
import {
  accountXpubOf,
  accountXpubProblem,
  addressOfPrivateKey,
  checksumOf,
  isValidMnemonic,
  isValidPrivateKey,
} from './chain-keys';
import { redactConfigValue } from './secret-variables';
import { ConfigError } from './config-error';
import { secrets } from './secrets';

export { ConfigError };
export { decodeSecretsKey } from './secrets';

export type Env = Record<string, string | undefined>;
export type Role = 'api' | 'engine' | 'chain';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** LOG_FORMAT: `auto` (the default) is pretty when stdout is a terminal, JSON otherwise (logging/format.ts). */
export const LOG_FORMAT_SETTINGS = ['auto', 'json', 'pretty'] as const;
export type LogFormatSetting = (typeof LOG_FORMAT_SETTINGS)[number];

export interface Argon2Cost {
  /** KiB */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface Config extends ChainVariables {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  exchange: 'sim' | 'binance';
  /** EXCHANGE=sim: an external simulator's url, or null to start one in-process. */
  simUrl: string | null;
  /** In-process simulator port; null = 8090, falling back to a free port when 8090 is taken. */
  simPort: number | null;
  simSeed: number;
  simRandomWalk: boolean;
  /** Per-IP request weight per minute the gateway allows itself (Binance: 6000 / 2400). */
  exchangeWeight: { spot: number; futures: number };
  smtpUrl: string | null;
  jwtSecret: string;
  /** 32 bytes, master key for secrets at rest. */
  secretsKey: Buffer;
  serverPublicIp: string;
  /**
   * Whether deposits and payouts are on, with their settings, decided once from the chain
   * variables (ChainVariables): read this, never the variables, to know what the server offers.
   */
  chain: ChainConfig;
  /** How long 'make payment' listens (POST /account/wallet/usdt/deposit/listen), in seconds. */
  depositListenSeconds: number;
  roles: Role[];
  appWebUrl: string | null;
  mailFrom: string;
  logLevel: LogLevel;
  /** LOG_FORMAT: how log lines on stdout look (logging/format.ts). */
  logFormat: LogFormatSetting;
  /**
   * The guessable calls (http/rate-limits.ts), counted in the database so every API process
   * shares them: `max` per client and e-mail per route and `referralMax` per client, each in
   * `windowMs`; `loginIpMax` failed logins per client across e-mails in `loginIpWindowMs`.
   */
  rateLimit: { max: number; referralMax: number; windowMs: number; loginIpMax: number; loginIpWindowMs: number };
  /** The growing delay per account after failed logins (modules/accounts/login-throttle.ts). */
  loginThrottle: { freeFailures: number; baseDelayMs: number; maxDelayMs: number };
  /** OTP mails (signup and resend) one e-mail address may receive in 24 hours. */
  otpDailyMax: number;
  /** Password-reset mails one member's address may receive in an hour, whichever clients ask. */
  resetMailHourlyMax: number;
  /**
   * TRUST_PROXY: the proxies (addresses, CIDRs, loopback / linklocal / uniquelocal) whose
   * X-Forwarded-For names the client (Fastify's trustProxy, so request.ip is that client);
   * null: none, request.ip is the peer.
   */
  trustProxy: string[] | null;
  argon2: Argon2Cost;
  sessionTtlHours: number;
  /** FUTURES_ENABLED=true offers Future bots in the Start form; otherwise they show as coming soon. */
  futuresEnabled: boolean;
  /** GET /metrics answers loopback clients, and anyone sending `Authorization: Bearer <token>` when set. */
  metricsToken: string | null;
  /**
   * REQUEST_TIMEOUT_MS: how long a request may run before the server answers 503 `server.timeout`
   * for it (http/plugins/request-timeout.ts; the health routes have shorter limits of their own,
   * and an event stream is free of it once open).
   */
  requestTimeoutMs: number;
  /** ENGINE_ID names this process in bot leases; default host:pid:random. */
  engineId: string | null;
  /**
   * DEMO_TRADING=false keeps the demo member without simulator keys and bot on a first
   * embedded start (the default gives a newcomer a bot that trades from the start).
   */
  demoTrading: boolean;
  /**
   * MIGRATIONS_ON_BOOT: 'apply' (default) applies pending migrations at boot under the
   * migration lock; 'check' never alters the schema: boot refuses, naming the pending
   * migrations, until `npm run migrate` applied them.
   */
  migrationsOnBoot: 'apply' | 'check';
}

/**
 * OWASP's first argon2id recommendation (m=19 MiB, t=2, p=1): about 20-40 ms a hash on one
 * core, slow enough to make offline guessing costly, cheap enough that 50 concurrent logins
 * stay well under a second and the desktop's embedded server does not stall.
 */
export const DEFAULT_ARGON2: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const ROLES: readonly Role[] = ['api', 'engine', 'chain'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function fail(name: string, rule: string, value: string | undefined): never {
  // The value is echoed to say what was wrong, but never a URL's password or API key.
  const shown = value === undefined ? '' : ` (got ${JSON.stringify(redactConfigValue(name, value))})`;
  throw new ConfigError(`Invalid configuration: ${name} ${rule}${shown}`);
}

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    fail(name, `must be an integer from ${min} to ${max}`, raw);
  }
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return fail(name, `must be a URL (${protocols.join(', ')})`, raw);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    fail(name, `must use one of ${protocols.join(', ')}`, raw);
  }
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!allowed.includes(raw as T)) fail(name, `must be one of ${allowed.join(', ')}`, raw);
  return raw as T;
}

function roles(env: Env): Role[] {
  const raw = text(env, 'ROLES');
  if (raw === null) return [...ROLES];
  const list = raw
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const bad = list.find((r) => !ROLES.includes(r as Role));
  if (bad !== undefined || list.length === 0) fail('ROLES', `must list some of ${ROLES.join(',')}`, raw);
  return [...new Set(list as Role[])];
}

function tokenAddress(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw !== null && !/^0x[0-9a-fA-F]{40}$/.test(raw)) fail(name, 'must be a 0x-prefixed 20-byte address', raw);
  // A mixed-case address carries an EIP-55 checksum: a typo in it is caught here, not on chain.
  if (raw !== null && checksumOf(raw) === null)
    fail(name, 'has a mixed-case checksum (EIP-55) that does not match: check the address', raw);
  return raw;
}

function mnemonic(env: Env): string | null {
  const raw = text(env, 'DEPOSIT_MNEMONIC');
  if (raw === null) return null;
  const words = raw.split(/\s+/).length;
  // Only the word count is echoed: the phrase itself is a secret.
  if (![12, 15, 18, 21, 24].includes(words)) {
    throw new ConfigError(`Invalid configuration: DEPOSIT_MNEMONIC must have 12-24 words (got ${words})`);
  }
  if (!isValidMnemonic(raw)) {
    throw new ConfigError(
      'Invalid configuration: DEPOSIT_MNEMONIC is not a BIP-39 mnemonic (a word outside the English list, or a wrong checksum word)',
    );
  }
  return raw;
}

function hotWalletKey(env: Env): string | null {
  const raw = text(env, 'HOT_WALLET_PRIVATE_KEY');
  // Never echoed, not even in part: the key moves money.
  if (raw !== null && !/^0x[0-9a-fA-F]{64}$/.test(raw)) {
    throw new ConfigError('Invalid configuration: HOT_WALLET_PRIVATE_KEY must be 0x followed by 64 hex characters');
  }
  if (raw !== null && !isValidPrivateKey(raw)) {
    throw new ConfigError(
      'Invalid configuration: HOT_WALLET_PRIVATE_KEY is not a secp256k1 private key (0 or beyond the curve order)',
    );
  }
  return raw;
}

/**
 * HOT_WALLET_ADDRESS: the payout wallet's public address, for API processes that take
 * withdrawals without holding the key. With the key too, it must be the key's address; a process
 * with the chain role pays the withdrawals and so needs the key itself.
 */
function hotWalletAddress(env: Env, key: string | null, roles: Role[]): string | null {
  const raw = tokenAddress(env, 'HOT_WALLET_ADDRESS');
  if (raw !== null && key !== null && addressOfPrivateKey(key).toLowerCase() !== raw.toLowerCase()) {
    throw new ConfigError(
      'Invalid configuration: HOT_WALLET_ADDRESS is not the address of HOT_WALLET_PRIVATE_KEY (unset one of them)',
    );
  }
  if (raw !== null && key === null && roles.includes('chain')) {
    throw new ConfigError(
      'Invalid configuration: HOT_WALLET_PRIVATE_KEY must be set in a process with the chain role (it pays the withdrawals HOT_WALLET_ADDRESS lets the api role take); or leave chain out of ROLES',
    );
  }
  return raw;
}

/**
 * DEPOSIT_XPUB, else the account xpub of DEPOSIT_MNEMONIC (kept for compatibility): the deposit
 * addresses need only the public key. Both set must be the same account.
 */
function depositXpub(env: Env, mnemonic: string | null): string | null {
  const raw = text(env, 'DEPOSIT_XPUB');
  const derived = mnemonic === null ? null : accountXpubOf(mnemonic);
  if (raw === null) return derived;
  const problem = accountXpubProblem(raw);
  // Not a secret, but a private key pasted here by mistake would be: never echoed.
  if (problem !== null) throw new ConfigError(`Invalid configuration: DEPOSIT_XPUB ${problem}`);
  if (derived !== null && derived !== raw) {
    throw new ConfigError(
      `Invalid configuration: DEPOSIT_XPUB is not the m/44'/60'/0' account key of DEPOSIT_MNEMONIC (unset one of them)`,
    );
  }
  return raw;
}

function trustProxy(env: Env): string[] | null {
  const raw = text(env, 'TRUST_PROXY');
  const parsed = parseTrustProxy(raw);
  if (!parsed.ok) fail('TRUST_PROXY', parsed.problem, raw ?? undefined);
  return parsed.proxies;
}

function publicIp(env: Env): string {
  const raw = text(env, 'SERVER_PUBLIC_IP') ?? '127.0.0.1';
  if (isIP(raw) === 0) fail('SERVER_PUBLIC_IP', 'must be an IPv4 or IPv6 address', raw);
  return raw;
}

function argon2(env: Env): Argon2Cost {
  return {
    memoryCost: integer(env, 'ARGON2_MEMORY_KIB', DEFAULT_ARGON2.memoryCost, 64, 4_194_304),
    timeCost: integer(env, 'ARGON2_TIME_COST', DEFAULT_ARGON2.timeCost, 1, 100),
    parallelism: integer(env, 'ARGON2_PARALLELISM', DEFAULT_ARGON2.parallelism, 1, 16),
  };
}

/** EXCHANGE and the in-process simulator's settings (SIM_*), and the gateway's request weight. */
function exchangeSettings(
  env: Env,
): Pick<Config, 'exchange' | 'simUrl' | 'simPort' | 'simSeed' | 'simRandomWalk' | 'exchangeWeight'> {
  return {
    exchange: oneOf(env, 'EXCHANGE', ['sim', 'binance'] as const, 'sim'),
    simUrl: url(env, 'SIM_URL', ['http', 'https']),
    simPort: text(env, 'SIM_PORT') === null ? null : integer(env, 'SIM_PORT', 8090, 0, 65_535),
    simSeed: integer(env, 'SIM_SEED', 1, 0, 2_147_483_647),
    simRandomWalk: oneOf(env, 'SIM_RANDOM_WALK', ['on', 'off'] as const, 'on') === 'on',
    exchangeWeight: {
      spot: integer(env, 'EXCHANGE_WEIGHT_SPOT', 6000, 10, 1_000_000),
      futures: integer(env, 'EXCHANGE_WEIGHT_FUTURES', 2400, 10, 1_000_000),
    },
  };
}

/**
 * The chain variables. The two secrets come in already checked: loadConfig reads them first,
 * since the deposit xpub and the hot wallet's address are checked against them.
 */
function chainVariables(
  env: Env,
  secretKeys: Pick<ChainVariables, 'depositMnemonic' | 'hotWalletPrivateKey'>,
  processRoles: Role[],
): ChainVariables {
  const { depositMnemonic, hotWalletPrivateKey } = secretKeys;
  return {
    bscRpcUrl: url(env, 'BSC_RPC_URL', ['http', 'https']),
    depositMnemonic,
    depositXpub: depositXpub(env, depositMnemonic),
    tokens: {
      usdt: tokenAddress(env, 'TOKEN_USDT'),
      ift: tokenAddress(env, 'TOKEN_IFT'),
      ifx: tokenAddress(env, 'TOKEN_IFX'),
    },
    hotWalletPrivateKey,
    hotWalletAddress: hotWalletAddress(env, hotWalletPrivateKey, processRoles),
    chainConfirmations: integer(env, 'CHAIN_CONFIRMATIONS', 15, 0, 1_000),
    chainPollMs: integer(env, 'CHAIN_POLL_MS', 3_000, 50, 3_600_000),
    chainStartBlock:
      text(env, 'CHAIN_START_BLOCK') === null ? null : integer(env, 'CHAIN_START_BLOCK', 0, 0, Number.MAX_SAFE_INTEGER),
    chainScanBlocks: integer(env, 'CHAIN_SCAN_BLOCKS', 1_000, 1, 100_000),
  };
}

/** The limits on guessable calls and on the mails one address may be sent. */
function abuseLimits(env: Env): Pick<Config, 'rateLimit' | 'loginThrottle' | 'otpDailyMax' | 'resetMailHourlyMax'> {
  return {
    rateLimit: {
      max: integer(env, 'RATE_LIMIT_MAX', 10, 1, 1_000_000_000),
      referralMax: integer(env, 'RATE_LIMIT_REFERRAL_MAX', 30, 1, 1_000_000_000),
      windowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1_000, 86_400_000),
      loginIpMax: integer(env, 'RATE_LIMIT_LOGIN_IP_MAX', 30, 1, 1_000_000_000),
      loginIpWindowMs: integer(env, 'RATE_LIMIT_LOGIN_IP_WINDOW_MS', 600_000, 1_000, 86_400_000),
    },
    loginThrottle: {
      freeFailures: integer(env, 'LOGIN_FREE_FAILURES', 5, 1, 1_000),
      baseDelayMs: integer(env, 'LOGIN_DELAY_BASE_MS', 60_000, 1_000, 86_400_000),
      maxDelayMs: integer(env, 'LOGIN_DELAY_MAX_MS', 900_000, 1_000, 86_400_000),
    },
    otpDailyMax: integer(env, 'OTP_DAILY_MAX', 10, 1, 1_000),
    resetMailHourlyMax: integer(env, 'RESET_MAIL_HOURLY_MAX', 5, 1, 1_000),
  };
}

export interface LoadOptions {
  /**
   * false: a missing secret is an error, never generated into DATA_DIR/secrets.json (the admin
   * CLI, which must act on an existing server's folder). Default true.
   */
  createSecrets?: boolean;
}

/** Validates `env`; only side effect: DATA_DIR/secrets.json when JWT_SECRET or SECRETS_KEY is unset. */
export function loadConfig(env: Env, options: LoadOptions = {}): Config {
  const dataDir = resolve(text(env, 'DATA_DIR') ?? './.data');
  const appWebUrl = url(env, 'APP_WEB_URL', ['http', 'https']);
  const depositMnemonic = mnemonic(env);
  const hotWalletPrivateKey = hotWalletKey(env);
  const processRoles = roles(env);
  const config: Omit<Config, 'jwtSecret' | 'secretsKey' | 'chain'> = {
    host: text(env, 'HOST') ?? '127.0.0.1',
    port: integer(env, 'PORT', 8080, 0, 65_535),
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    ...exchangeSettings(env),
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    serverPublicIp: publicIp(env),
    ...chainVariables(env, { depositMnemonic, hotWalletPrivateKey }, processRoles),
    depositListenSeconds: integer(env, 'DEPOSIT_LISTEN_SECONDS', 900, 10, 86_400),
    roles: processRoles,
    appWebUrl: appWebUrl === null ? null : appWebUrl.replace(/\/+$/, ''),
    mailFrom: text(env, 'MAIL_FROM') ?? 'GridDesk <no-reply@griddesk.local>',
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMAT_SETTINGS, 'auto'),
    ...abuseLimits(env),
    trustProxy: trustProxy(env),
    argon2: argon2(env),
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 24 * 7, 1, 24 * 365),
    futuresEnabled: oneOf(env, 'FUTURES_ENABLED', ['true', 'false'] as const, 'false') === 'true',
    metricsToken: text(env, 'METRICS_TOKEN'),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 10_000, 100, 600_000),
    engineId: text(env, 'ENGINE_ID'),
    demoTrading: oneOf(env, 'DEMO_TRADING', ['true', 'false'] as const, 'true') === 'true',
    migrationsOnBoot: oneOf(env, 'MIGRATIONS_ON_BOOT', ['apply', 'check'] as const, 'apply'),
  };
  return {
    ...config,
    chain: chainConfig(config),
    ...secrets(text(env, 'JWT_SECRET'), text(env, 'SECRETS_KEY'), dataDir, options.createSecrets ?? true),
  };
}
