/** The domain's errors, as modules import them; defined in server/domain-error.ts (see why there). */
export { DomainError } from '../domain-error';
