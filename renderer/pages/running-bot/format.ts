/**
 * Re-export shim: Start New Bot (renderer/pages/startbot, owned by another change) still imports
 * `plain` from here, with its old meaning kept (the value as sent, '-' when missing). Every
 * other screen formats through common/format; Start New Bot should move to formatPrice (its
 * live price drops the tick's trailing zeros today) and this file then go.
 */
import { NO_VALUE } from '../../../common/format';

export function plain(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? NO_VALUE : String(value);
}
