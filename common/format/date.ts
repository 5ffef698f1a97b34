/** Dates and times in the member's local time zone, and the deposit countdown. */
import { NO_VALUE } from './value';

const two = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** YYYY-MM-DD HH:mm:ss in local time; `missing` (default '-') when the value is not a date. */
export function formatDateTime(value: string | Date | null | undefined, missing: string = NO_VALUE): string {
  const date = toDate(value);
  if (!date) return missing;
  return `${formatDate(date)} ${formatClock(date)}`;
}

/** HH:mm:ss in local time (when figures on screen were read); `missing` when not a date. */
export function formatClock(value: string | Date | number | null | undefined, missing: string = NO_VALUE): string {
  const date = toDate(typeof value === 'number' ? new Date(value) : value);
  if (!date) return missing;
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** YYYY-MM-DD in local time; `missing` (default '-') when the value is not a date. */
export function formatDate(value: string | Date | null | undefined, missing: string = NO_VALUE): string {
  const date = toDate(value);
  if (!date) return missing;
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** Seconds left as mm:ss (the deposit countdown); a negative or unknown count shows 00:00. */
export function formatCountdown(seconds: number | null | undefined): string {
  const whole = seconds === null || seconds === undefined || !Number.isFinite(seconds) ? 0 : Math.max(0, Math.floor(seconds));
  return `${two(Math.floor(whole / 60))}:${two(whole % 60)}`;
}
