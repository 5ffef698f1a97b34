/**
 * What a failed cycle call tells the member (SPEC section 8, Cycle), decided by the refusal's
 * reason and status, never by its words.
 */
import { UI } from '../../../common/messages';
import type { Reason } from '../../../common/reasons';
import { isApiError } from '../../api/bridge';

/**
 * Reasons that say nothing the member can act on: no answer, a server failure, a path the
 * server does not have, a payload main refused. Every other refusal names what to change
 * (a live bot or cycle on the pair, the minimum, the subscription, a field's rule) in its message.
 */
const UNEXPLAINED: ReadonlySet<Reason> = new Set<Reason>([
  'network.unreachable',
  'server.internal',
  'server.unavailable',
  'request.not_found',
  'request.malformed',
  'request.too_large',
  'auth.unauthenticated',
]);

/** Start: the server's message for a refusal that explains itself (SPEC: "if a bot is already running the server message is shown"). */
export function startCycleErrorMessage(error: unknown): string {
  if (!isApiError(error) || UNEXPLAINED.has(error.reason) || !error.message) return UI.cycleStartError;
  return error.message;
}

/** True when the server answered and refused; false when it did not answer or failed itself. */
export function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

export interface CommandMessages {
  success: string;
  /** The server refused. */
  refused: string;
  /** No answer, or the server failed. */
  error: string;
}

export const EDIT_MESSAGES: CommandMessages = {
  success: UI.cycleUpdated,
  refused: UI.cycleUpdateFailed,
  error: UI.cycleSaveError,
};
export const STOP_MESSAGES: CommandMessages = { success: UI.cycleStopped, refused: UI.cycleStopFailed, error: UI.cycleStopError };
export const STOP_SELL_MESSAGES: CommandMessages = {
  success: UI.cycleStoppedSold,
  refused: UI.cycleStopSellFailed,
  error: UI.cycleStopSellError,
};

export function commandErrorMessage(error: unknown, messages: CommandMessages): string {
  return isRefusal(error) ? messages.refused : messages.error;
}
