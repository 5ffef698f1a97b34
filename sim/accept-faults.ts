/**
 * The 5xx-after-accept fault, shared by REST and the WebSocket API: an order (or transfer) the
 * simulator accepted is answered as if the backend timed out, so the client cannot know it went
 * through. The next `failAfterAcceptCount` accepts fail, then each with `failAfterAcceptRate`.
 */
import { type Faults } from './types';

export const SEND_STATUS_UNKNOWN = {
  code: -1007,
  msg: 'Timeout waiting for response from backend server. Send status unknown; execution status unknown.',
};

export function failAfterAccept(faults: Faults, random: () => number): boolean {
  if (faults.failAfterAcceptCount > 0) {
    faults.failAfterAcceptCount -= 1;
    return true;
  }
  return faults.failAfterAcceptRate > 0 && random() < faults.failAfterAcceptRate;
}
