/**
 * An error as it may be logged. Database errors carry the values of the failed statement:
 * drizzle's DrizzleQueryError has `params` and writes them into its message ("params: ..."),
 * pg and PGlite put `params`, `queryOptions` and a `detail` quoting the row on the cause. Those
 * values are member data (emails, hashes, keys), so only the SQL text and the codes are kept.
 */

/**
 * Fields never logged: the values of a statement, and an HTTP client's request and response
 * (axios puts the request's headers, the exchange's API key among them, on its errors).
 */
const VALUE_FIELDS = new Set([
  'params',
  'parameters',
  'queryOptions',
  'detail',
  'values',
  'config',
  'request',
  'response',
  'headers',
]);
/** drizzle appends the parameters to the message on a line of their own. */
const PARAMS_LINE = /\nparams: [\s\S]*$/;
/** Causes deeper than this are not followed (and a cause that loops ends here). */
const MAX_CAUSE_DEPTH = 5;

function withoutParams(text: string): string {
  return text.replace(PARAMS_LINE, '');
}

/** The stack without drizzle's params line (the stack repeats the message first). */
function stackWithoutParams(error: Error): string | undefined {
  if (!error.stack) return undefined;
  const paramsAt = error.stack.indexOf('\nparams: ');
  if (paramsAt < 0) return error.stack;
  const frames = error.stack.indexOf('\n    at ', paramsAt);
  return error.stack.slice(0, paramsAt) + (frames < 0 ? '' : error.stack.slice(frames));
}

function serialize(error: Error, depth: number): Record<string, unknown> {
  const shown: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: withoutParams(error.message),
    stack: stackWithoutParams(error),
  };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || key === 'cause' || key in shown) continue;
    shown[key] = value;
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    shown.cause = cause instanceof Error ? serialize(cause, depth + 1) : cause;
  }
  return shown;
}

/** pino's `err` serializer: errors without their statement values; anything else as is. */
export function loggableError(error: unknown): unknown {
  return error instanceof Error ? serialize(error, 0) : error;
}
