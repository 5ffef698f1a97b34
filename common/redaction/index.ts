/**
 * One redaction rule set for every place a secret could leave the machine: the platform
 * server's log lines (server/logging/) and the desktop's diagnostics export and log files
 * (electron/main/diagnostics/). Pure text and object rules: no I/O, any runtime.
 */
export { REDACTED } from './marker';
export { isSecretName } from './secret-names';
export { redactText, type RedactOptions } from './redact-text';
export { redactSecretNames, redactValue } from './redact-value';
export { isKeyedPathScheme, isOpaqueSegment, redactUrl } from './urls';
export { MIN_SECRET_LENGTH } from './known-secrets';
