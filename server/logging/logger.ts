/**
 * The platform server's pino options. Three layers keep credentials out of the log:
 * serializers that log a request as its method and redacted URL and an error without its
 * statement values, pino's path redaction for the credential headers, and a destination that
 * redacts every finished line (configured secrets, URL passwords, reset tokens, query tokens),
 * whatever a module chose to log. On stdout the lines are JSON, or readable lines in a terminal
 * (LOG_FORMAT, format.ts); a stream or file given is always JSON.
 */
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';
import { loggableError } from './errors';
import { chooseLogFormat, prettyDestination, type Destination, type LogFormatSetting } from './format';
import { REDACTED, redactSecrets, secretsOf } from './redact';

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
export function requestLogValue(request: { method?: string; url?: string; ip?: string }): { method?: string; url: string; remoteAddress?: string } {
  return { method: request.method, url: redactSecrets(request.url ?? ''), remoteAddress: request.ip };
}

/** Headers never logged, should a custom serializer or a module log them. */
const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie',
  'res.headers["set-cookie"]'];

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
export function loggerOptions(config: Config, choice: LoggerChoice, stdout: Stdout = process.stdout): FastifyServerOptions['logger'] {
  if (choice === false || choice === undefined) return false;
  const { stream, file, serializers, ...custom } = (choice === true ? {} : choice) as {
    stream?: Destination; file?: string; serializers?: Record<string, unknown>; redact?: unknown;
  };
  const secrets = configSecrets(config);
  const destination: Destination = stream ?? (file ? pino.destination(file) : stdoutDestination(stdout, config.logFormat, secrets));
  return {
    level: config.logLevel,
    ...custom,
    // Last, so a caller's options cannot turn the redaction off.
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: { ...serializers, req: requestLogValue, err: loggableError },
    stream: redactingDestination(destination, secrets),
  } as FastifyServerOptions['logger'];
}
