/**
 * The platform server's pino options. Three layers keep credentials out of the log, all with
 * the one rule set of common/redaction/: serializers that log a request as its method and
 * redacted URL and an error without its statement values, formatters that replace whatever a
 * logged object holds under a secret's name (headers, passwords, keys: the names the text rules
 * use), and a destination that redacts every finished line (configured secrets, URL passwords,
 * reset tokens, keys, JWTs, e-mail addresses...), whatever a module chose to log. On stdout the lines are JSON, or readable lines in a terminal
 * (LOG_FORMAT, format.ts); a stream or file given is always JSON.
 */
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config/config';
import { loggableError } from './errors';
import { chooseLogFormat, prettyDestination, type Destination, type LogFormatSetting } from './format';
import { redactSecretNames } from '../../common/redaction';
import { redactSecrets, secretsOf } from './redact';

/** What may be passed to buildApp: false (none), true (pino at LOG_LEVEL) or pino options. */
export type LoggerChoice = boolean | object | undefined;

/** process.stdout as the logger uses it; tests pass one that says whether it is a terminal. */
export interface Stdout extends Destination {
  isTTY?: boolean;
}

/** The configuration's secrets under their environment names, for secretsOf. */
function configSecrets(config: Config): string[] {
  const key = config.secretsKey;
  return [
    ...secretsOf({
      DATABASE_URL: config.databaseUrl,
      SMTP_URL: config.smtpUrl,
      BSC_RPC_URL: config.bscRpcUrl,
      SIM_URL: config.simUrl,
      JWT_SECRET: config.jwtSecret,
      HOT_WALLET_PRIVATE_KEY: config.hotWalletPrivateKey,
      DEPOSIT_MNEMONIC: config.depositMnemonic,
      METRICS_TOKEN: config.metricsToken,
    }),
    // SECRETS_KEY may have been given in either encoding.
    ...(key ? [key.toString('hex'), key.toString('base64')] : []),
  ];
}

/** A destination that writes each line with every secret redacted. */
export function redactingDestination(destination: Destination, secrets: readonly string[]): Destination {
  return { write: (line: string) => destination.write(redactSecrets(line, secrets)) };
}

/**
 * A request as a log line shows it: method, URL (its tokens redacted) and the client's address
 * (request.ip: behind a TRUST_PROXY proxy the client it forwards for); no headers.
 */
export function requestLogValue(request: { method?: string; url?: string; ip?: string }): {
  method?: string;
  url: string;
  remoteAddress?: string;
} {
  return { method: request.method, url: redactSecrets(request.url ?? ''), remoteAddress: request.ip };
}

/**
 * A logged object and a child logger's bindings with every value under a secret's name
 * replaced, before pino serializes them: `{ headers: { authorization } }`, `{ apiSecret }`, a
 * list of `tokens`. Class instances (an Error, a request) go to their serializers untouched.
 */
const SECRET_NAME_FORMATTERS = { log: redactSecretNames, bindings: redactSecretNames };

/**
 * stdout as LOG_FORMAT and the terminal decide: JSON as is, or pretty lines. A pretty line
 * unescapes JSON strings, so it is redacted once more on its way out (a secret's escaped form
 * is redacted in the JSON; this also covers its plain form).
 */
function stdoutDestination(stdout: Stdout, setting: LogFormatSetting, secrets: readonly string[]): Destination {
  const terminal = stdout.isTTY === true;
  if (chooseLogFormat(setting, terminal) === 'json') return stdout;
  return prettyDestination(redactingDestination(stdout, secrets), { colours: terminal });
}

/** Fastify's `logger` option for `choice`, with the redaction layers around any destination given. */
export function loggerOptions(
  config: Config,
  choice: LoggerChoice,
  stdout: Stdout = process.stdout,
): FastifyServerOptions['logger'] {
  if (choice === false || choice === undefined) return false;
  const { stream, file, serializers, ...custom } = (choice === true ? {} : choice) as {
    stream?: Destination;
    file?: string;
    serializers?: Record<string, unknown>;
    formatters?: unknown;
  };
  const secrets = configSecrets(config);
  const destination: Destination =
    stream ?? (file ? pino.destination(file) : stdoutDestination(stdout, config.logFormat, secrets));
  return {
    level: config.logLevel,
    ...custom,
    // Last, so a caller's options cannot turn the redaction off.
    formatters: SECRET_NAME_FORMATTERS,
    serializers: { ...serializers, req: requestLogValue, err: loggableError },
    stream: redactingDestination(destination, secrets),
  } as FastifyServerOptions['logger'];
}
