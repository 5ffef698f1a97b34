/**
 * The text a process prints when the platform server cannot start. A bad configuration is its
 * one-line ConfigError; anything else (a database or mail driver's error, which may quote the
 * connection URL) is printed with its stack and causes, every credential of `env` redacted.
 */
import { ConfigError, type Env } from '../config/config';
import { redactSecrets, secretsOf } from './redact';

/** The error, its stack and its causes as text (what console.error would print, minus colours). */
function describe(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return String(error);
  const text = error.stack ?? `${error.name}: ${error.message}`;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && depth < 5 ? `${text}\ncaused by: ${describe(cause, depth + 1)}` : text;
}

/** A ConfigError's one line, or the error with its stack and causes; every credential of `env` redacted. */
export function redactedErrorText(error: unknown, env: Env): string {
  return redactSecrets(error instanceof ConfigError ? error.message : describe(error), secretsOf(env));
}

export function startupFailureText(error: unknown, env: Env): string {
  const text = redactedErrorText(error, env);
  return error instanceof ConfigError ? text : `GridDesk platform server failed to start: ${text}`;
}
