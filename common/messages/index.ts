/**
 * Every user-facing message of SPEC sections 5 and 8, character for character (misspellings
 * included). The renderer shows them and the server sends the ones the client matches on, so
 * both sides import them from here and nowhere else. Each area keeps its own in a file beside
 * this one; the objects below gather them under the names every importer uses.
 */
import { SHARED_LABELS, SHARED_SERVER, SHARED_UI, SHARED_VALIDATION } from './shared';
import { MEMBER_LABELS, MEMBER_SERVER, MEMBER_UI, MEMBER_VALIDATION } from './members';
import { STRATEGY_LABELS, STRATEGY_SERVER, STRATEGY_UI, STRATEGY_VALIDATION } from './strategies';
import { BOT_SERVER, BOT_UI, BOT_VALIDATION } from './bots';
import { CYCLE_SERVER, CYCLE_UI, CYCLE_VALIDATION } from './cycles';
import { EXCHANGE_SERVER, EXCHANGE_UI, EXCHANGE_VALIDATION } from './exchange';
import { BILLING_SERVER, BILLING_UI, BILLING_VALIDATION } from './billing';

export { TEXT } from './shared';
export { BOT_FORM_VALIDATION } from './bots';
export { BOT_LABELS, START_BOT_LABELS, RUNNING_BOT_LABELS, STOP_SELL_LABELS } from './bot-screens';
export { EXCHANGE_LABELS } from './exchange';
export { ACCOUNT_LABELS } from './billing';
export { CYCLE_LABELS } from './cycles';
export { DESKTOP_TEXT, SETTINGS_LABELS } from './desktop';
export { CHART_LABELS } from './charts';
export { STATE_LABELS } from './states';

/** Field validation (SPEC section 5). */
export const VALIDATION = {
  ...MEMBER_VALIDATION,
  ...STRATEGY_VALIDATION,
  ...BOT_VALIDATION,
  ...CYCLE_VALIDATION,
  ...EXCHANGE_VALIDATION,
  ...BILLING_VALIDATION,
  ...SHARED_VALIDATION,
} as const;

/** Messages the platform server sends that the client matches on or shows as is. */
export const SERVER = {
  ...MEMBER_SERVER,
  ...STRATEGY_SERVER,
  ...BOT_SERVER,
  ...CYCLE_SERVER,
  ...EXCHANGE_SERVER,
  ...BILLING_SERVER,
  ...SHARED_SERVER,
} as const;

/** Toasts and notices the renderer shows (SPEC section 8). */
export const UI = {
  ...MEMBER_UI,
  ...STRATEGY_UI,
  ...BOT_UI,
  ...CYCLE_UI,
  ...EXCHANGE_UI,
  ...BILLING_UI,
  ...SHARED_UI,
} as const;

/**
 * Field labels and button texts of the public screens that SPEC does not quote. They live here
 * because the e2e tests select inputs by these labels (getByLabel) and buttons by these texts.
 */
export const LABELS = {
  ...MEMBER_LABELS,
  ...STRATEGY_LABELS,
  ...SHARED_LABELS,
} as const;
