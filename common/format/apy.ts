/**
 * The APY projects a bot's yield over a year. Projected from minutes it swings wildly
 * (-13.69 % after 13 minutes), so it is shown only once the bot has run a full day; before that
 * a short text says when it will appear.
 */
import { BOT_LABELS } from '../messages';
import { formatPercent } from './percent';
import { SECONDS_PER_DAY } from './runtime';
import { NO_VALUE, type FormatInput } from './value';

/** True once a bot has run long enough for its APY to mean something. */
export function apyIsMeaningful(runtimeSeconds: number | null | undefined): boolean {
  return typeof runtimeSeconds === 'number' && Number.isFinite(runtimeSeconds) && runtimeSeconds >= SECONDS_PER_DAY;
}

/** The APY as a percent after a full day, the 'after 1 day' text before; '-' when the runtime is unknown. */
export function formatApy(apy: FormatInput, runtimeSeconds: number | null | undefined): string {
  if (runtimeSeconds === null || runtimeSeconds === undefined || !Number.isFinite(runtimeSeconds)) return NO_VALUE;
  return apyIsMeaningful(runtimeSeconds) ? formatPercent(apy) : BOT_LABELS.apyAfterFirstDay;
}
