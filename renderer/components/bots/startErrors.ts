/**
 * What a failed start tells the member (SPEC section 8, 'Start bot'). Shared by the Start New
 * Bot form and the Copy BOTs dialog so both say the same thing for the same failure.
 */
import { SERVER, UI } from '../../../common/messages';
import { isApiError } from '../../api/bridge';

export function startBotErrorMessage(error: unknown): string {
  // Not an answer from main at all: the form failed before or while sending.
  if (!isApiError(error)) return UI.submitFailed;
  if (error.status === 0) return UI.noResponse;
  if (error.status === 400 && error.message.includes(SERVER.insufficientBalance)) return error.message;
  if (error.status === 500) return UI.apiKeyOrIp;
  return error.message || UI.genericError;
}
