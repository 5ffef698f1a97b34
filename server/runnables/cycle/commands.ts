/**
 * The cycle's member command protocol between the API, which queues a command in
 * `cycle_commands` with the edited settings written in the same transaction, and the engine that
 * holds the cycle, which applies it once and writes its result back (../command-results.ts).
 */

/** What a member asks of a live cycle: stop, stop & sell, or re-read its settings columns (an edit). */
export const CYCLE_COMMAND_KINDS = ['stop', 'stopAndSell', 'settings'] as const;
export type CycleCommandKind = (typeof CYCLE_COMMAND_KINDS)[number];
