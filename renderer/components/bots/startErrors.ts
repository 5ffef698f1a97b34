/**
 * What a failed start tells the member (SPEC section 8, 'Start bot'). Shared by the Start New
 * Bot form and the Copy BOTs dialog so both say the same thing for the same failure.
 */
import { UI } from '../../../common/messages';
import { isApiError } from '../../api/bridge';

export function startBotErrorMessage(error: unknown): string {
  // Not an answer from main at all: the form failed before or while sending.
  if (!isApiError(error)) return UI.submitFailed;
  if (error.reason === 'network.unreachable') return UI.noResponse;
  // A server failure while it talked to the exchange, or the exchange refusing the key: SPEC's words.
  if (error.reason === 'server.internal' || error.reason === 'keys.rejected') return UI.apiKeyOrIp;
  // Otherwise the server's words, which say what to change (balance, minimum, subscription...).
  return error.message || UI.genericError;
}
