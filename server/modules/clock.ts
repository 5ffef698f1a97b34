/** Injected into modules so tests can move time (OTP and reset-token expiry). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
