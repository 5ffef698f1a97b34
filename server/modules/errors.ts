/** The domain's errors, as modules import them; defined in server/errors/domain-error.ts (see why there). */
export { DomainError } from '../errors/domain-error';
