/** A configuration that cannot run: its message is the one line boot prints, naming the variable, never a secret's value. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
