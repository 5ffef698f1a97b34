/** The domain's errors, as modules import them; defined in server/domain-error.ts (see why there). */
export { DomainError, STATUS_OF_KIND, type DomainErrorKind } from '../domain-error';
