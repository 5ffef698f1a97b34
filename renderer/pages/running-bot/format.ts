/**
 * Re-export shim: Start New Bot (renderer/pages/startbot, owned by another change) still imports
 * `plain` from here. Every screen formats through common/format; drop this file once Start New
 * Bot imports formatPrice itself.
 */
export { formatPrice as plain } from '../../../common/format';
