/**
 * Failures the server reports on purpose. Modules know nothing of HTTP: each failure names its
 * reason (a token of common/reasons.ts), which fixes the status the error handler sends, and
 * `message`, sent to the client as is. It sits in a folder of its own below both, not in
 * modules/, because the exchange layer reports its refusals in these terms too, and modules
 * import the exchange layer; not at the server's root, which composes every folder.
 */
import { REASON_STATUS, type Reason } from '../../common/reasons';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly reason: Reason,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return REASON_STATUS[this.reason];
  }
}
