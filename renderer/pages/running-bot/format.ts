/** How Running Bot writes missing figures ('-'), over the bot screens' shared formatting. */
import { RUNNING_BOT_LABELS } from '../../../common/messages';
import { formatDateTime, moneyOr } from '../../components/bots/format';

export { isLoss } from '../../components/bots/format';

const NOT_SET = RUNNING_BOT_LABELS.notSet;

/** Money to 2 decimals (SPEC section 9), or '-' when unknown. */
export function money(value: string | null | undefined): string {
  return moneyOr(value, NOT_SET);
}

/** A price or quantity as the server sent it (never rounded away), or '-' when unknown. */
export function plain(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? NOT_SET : String(value);
}

export function dateTime(iso: string | null | undefined): string {
  return formatDateTime(iso) || NOT_SET;
}
