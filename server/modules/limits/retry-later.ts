/** A 429 that says when trying again can work; the HTTP layer sends that as Retry-After. */
import { DomainError } from '../errors';

export class RetryLater extends DomainError {
  override name = 'RetryLater';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super('request.too_many', message);
  }

  /** Whole seconds, never 0: "retry now" would invite the same refusal. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}
