/**
 * The result of a member command, shared by every runnable (the kinds are each runnable's own:
 * bot/commands.ts). The engine that holds the runnable applies a command once and records its
 * result; the API turns a refusal into the member's message (SPEC's words). A value, not a
 * sentence.
 */

/**
 * Why the engine did not apply a command: the runnable had stopped already, its row is gone, or
 * the engine could not apply it now (its work failed on each of the engine's attempts:
 * engine/engine-commands.ts; the member may try again).
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

/** The `*_commands.result` text of a result ('ok' when applied, as rows have always said). */
export function storedCommandResult(result: CommandResult): string {
  if (result.kind === 'applied') return 'ok';
  return result.refusal === 'other' ? result.text : result.refusal;
}
