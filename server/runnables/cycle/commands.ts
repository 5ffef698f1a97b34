/**
 * The cycle's member command protocol between the API, which queues a command in
 * `cycle_commands` with the edited settings written in the same transaction, and the engine that
 * holds the cycle, which applies it once and writes its result back (../command-results.ts).
 */

import type { CommandResult } from '../command-results';

/** What a member asks of a live cycle: stop, stop & sell, or re-read its settings columns (an edit). */
export const CYCLE_COMMAND_KINDS = ['stop', 'stopAndSell', 'settings'] as const;
export type CycleCommandKind = (typeof CYCLE_COMMAND_KINDS)[number];

/**
 * What the cycle core refuses of an edit's settings that the API let through (a round completed
 * between its check and the engine's): stored as the command's result text, as a refusal the
 * shared protocol does not name ('other'), so the bots' refusals stay as they are. The API reads
 * it back with `cycleEditRefusalOf` and answers with its own message.
 */
export const CYCLE_EDIT_REFUSALS = ['cycles_below_completed', 'stoploss_above_buy', 'sell_not_above_buy'] as const;
export type CycleEditRefusal = (typeof CYCLE_EDIT_REFUSALS)[number];

export const cycleEditRefused = (refusal: CycleEditRefusal): CommandResult => ({
  kind: 'refused',
  refusal: 'other',
  text: refusal,
});

/** The cycle's own refusal of a command result (null: not one of them). */
export function cycleEditRefusalOf(result: CommandResult): CycleEditRefusal | null {
  if (result.kind !== 'refused' || result.refusal !== 'other') return null;
  return CYCLE_EDIT_REFUSALS.find((r) => r === result.text) ?? null;
}
