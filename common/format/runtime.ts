/**
 * How long a bot has run, in its two largest units: '45s', '13m', '5h 2m', '2d 4h'. Under an
 * hour minutes alone say enough; a zero second unit is left out ('5h', not '5h 0m').
 */
import { BOT_LABELS } from '../messages';
import { NO_VALUE } from './value';

export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 3_600;
export const SECONDS_PER_DAY = 86_400;

function twoUnits(big: number, bigUnit: string, small: number, smallUnit: string): string {
  return small > 0 ? `${big}${bigUnit} ${small}${smallUnit}` : `${big}${bigUnit}`;
}

/**
 * Seconds run as text; '-' when unknown. A negative span (the start a moment ahead of this
 * computer's clock) reads as '0s'.
 */
export function formatRuntime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return NO_VALUE;
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < SECONDS_PER_MINUTE) return `${whole}s`;
  if (whole < SECONDS_PER_HOUR) return `${Math.floor(whole / SECONDS_PER_MINUTE)}m`;
  if (whole < SECONDS_PER_DAY) {
    return twoUnits(Math.floor(whole / SECONDS_PER_HOUR), 'h', Math.floor((whole % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE), 'm');
  }
  return twoUnits(Math.floor(whole / SECONDS_PER_DAY), 'd', Math.floor((whole % SECONDS_PER_DAY) / SECONDS_PER_HOUR), 'h');
}

/**
 * A runtime the API gives only in whole days (bot cards: GET /api/botstatus, /api/livebotdata):
 * '2d', or 'Under 1 day' for 0, since '0d' would read as not running at all.
 */
export function formatRuntimeDays(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days)) return NO_VALUE;
  const whole = Math.max(0, Math.floor(days));
  return whole === 0 ? BOT_LABELS.runtimeUnderADay : formatRuntime(whole * SECONDS_PER_DAY);
}

function toMillis(value: string | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Seconds from `start` to `end` (a stopped bot's stop time) or to `now`; null when the start is
 * unknown. `now` is an argument so the function stays pure.
 */
export function secondsBetween(
  start: string | Date | null | undefined,
  end: string | Date | null | undefined,
  now: Date,
): number | null {
  const from = toMillis(start);
  if (from === null) return null;
  const to = toMillis(end) ?? now.getTime();
  return Math.floor((to - from) / 1000);
}
