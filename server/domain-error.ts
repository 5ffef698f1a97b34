/**
 * Failures the server reports on purpose, each kind named by what the member can do about it.
 * Modules know nothing of HTTP; the error handler maps each kind onto a status code and sends
 * `message` to the client as is. It sits at the server's root, not in modules/, because the
 * exchange layer reports its refusals in these terms too, and modules import the exchange layer.
 */
/** 'unavailable': a dependency (the exchange) cannot answer right now; retrying later may work. */
export type DomainErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_many' | 'unavailable';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  unavailable: 503,
};
