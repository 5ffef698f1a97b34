/**
 * The value as the server sent it, '-' when missing: what Start New Bot still shows its live
 * price with. Every other screen formats through common/format; once Start New Bot uses
 * formatPrice (today its live price drops the tick's trailing zeros), this file goes.
 */
import { NO_VALUE } from '../../../common/format';

export function plain(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? NO_VALUE : String(value);
}
