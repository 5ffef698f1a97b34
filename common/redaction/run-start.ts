/**
 * A lookbehind for patterns that match runs of characters (keys, addresses, words): the run
 * starts after none of `chars` (a regex class body), so a long run is scanned once, not once per
 * position. Never just after a backslash, so a JSON escape such as `\n` is never split; the run
 * after an escape (`\neyJ...`, `\u00e9abc`) starts where the escape ends.
 */
export function runStart(chars: string): string {
  return String.raw`(?<=^|[^\\${chars}]|\\[nrtbf]|\\u[0-9A-Fa-f]{4})`;
}
