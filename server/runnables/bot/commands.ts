/**
 * The member command protocol between the API, which queues a command in `bot_commands`, and the
 * engine that holds the bot, which applies it once and writes its result back. The result is a
 * value, not a sentence: the API turns a refusal into the member's message (SPEC's words).
 */

/** What a member asks of a running bot: stop, stop & sell, or re-read its settings columns. */
export const COMMAND_KINDS = ['stop', 'stopAndSell', 'settings'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/**
 * Why the engine did not apply a command: the bot had stopped already, its row is gone, or the
 * engine could not apply it now (its work failed; the member may try again).
 */
export const COMMAND_REFUSALS = ['already_stopped', 'bot_not_found', 'not_applied_now'] as const;
export type CommandRefusal = (typeof COMMAND_REFUSALS)[number];

export type CommandResult =
  | { kind: 'applied' }
  | { kind: 'refused'; refusal: CommandRefusal }
  /** A result this protocol does not name (an engine of another version wrote its own words). */
  | { kind: 'refused'; refusal: 'other'; text: string };

export const APPLIED: CommandResult = { kind: 'applied' };
export const refused = (refusal: CommandRefusal): CommandResult => ({ kind: 'refused', refusal });

/** The engine's answer to a pending command, as it records it. */
export function commandResultOf(stored: string | null): CommandResult {
  if (stored === null || stored === 'ok') return APPLIED;
  const refusal = COMMAND_REFUSALS.find((r) => r === stored);
  return refusal ? refused(refusal) : { kind: 'refused', refusal: 'other', text: stored };
}

/** The `bot_commands.result` text of a result ('ok' when applied, as rows have always said). */
export function storedCommandResult(result: CommandResult): string {
  if (result.kind === 'applied') return 'ok';
  return result.refusal === 'other' ? result.text : result.refusal;
}
