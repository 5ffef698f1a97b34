/**
 * The log every long-running part of the server writes to (the engine, the chain role, the
 * wallet reconciler). It is pino's call shape, context first, so the server hands them app.log
 * as it is and every line stays structured; a test passes three small functions.
 */
export interface Log {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

/** For callers that have nowhere to log. */
export const silentLog: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };
