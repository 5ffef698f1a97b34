/**
 * What stands where a secret was, in every log line and diagnostics file. Upper case, as
 * fast-redact (pino's redaction) writes by default: it cannot be read as a word of the message
 * or of a recovery phrase, and `grep -F '[REDACTED]'` finds every place.
 */
export const REDACTED = '[REDACTED]';
