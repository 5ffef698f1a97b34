/**
 * A command line the CLI cannot act on (a missing or bad flag, an unknown member): every CLI
 * prints its message and its usage text, and exits non-zero, instead of a stack trace.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}
