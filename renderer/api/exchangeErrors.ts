/**
 * Failures of the exchange screens mapped to SPEC section 8. The server's own words are shown
 * where they explain something the member can act on (invalid keys, withdrawals enabled, a
 * transfer or swap the exchange refused); otherwise the SPEC's fixed message.
 */
import { UI } from '../../common/messages';
import { isApiError } from './bridge';

/** A 4xx message from the server (not a status line or a transport error), if there is one. */
function explanation(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  const message = error.message.trim();
  // 401 ends the session elsewhere; 404/405 bodies ('Not Found') explain nothing.
  if (!message || error.status === 401 || error.status === 404 || error.status === 405) return null;
  return message;
}

export function apiSaveErrorMessage(error: unknown): string {
  return explanation(error) ?? UI.apiSaveFailed;
}

export function disconnectErrorMessage(error: unknown): string {
  if (isApiError(error) && error.reason === 'keys.bot_running') {
    return UI.botRunningCannotDisconnect;
  }
  return UI.disconnectFailed;
}

/** 'Transfer failed' always; the server's reason beside it when it gave one. */
export function transferErrorMessage(error: unknown): string {
  const reason = explanation(error);
  return reason ? `${UI.transferFailed}: ${reason}` : UI.transferFailed;
}

export function swapErrorMessage(error: unknown): string {
  const reason = explanation(error);
  return reason ? `${UI.swapFailed}: ${reason}` : UI.swapFailed;
}
