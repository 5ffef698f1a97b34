/**
 * Why a bot or a cycle stopped: one list for every runnable (the engine records it, events carry
 * it, History, Running Bot and the desktop's notifications say it in these words).
 */

/**
 * Why a bot stopped or paused, recorded on the bot and carried by its events.
 * manual = Stop; stopAndSell = Stop & sell; the exchange errors are ones the member must fix.
 */
export const STOP_REASONS = [
  'manual',
  'stopAndSell',
  'stoploss',
  'profitBook',
  'pause',
  'liquidation',
  'insufficientBalance',
  'keysRevoked',
  'ipNotAllowed',
  'positionChanged',
] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/**
 * Why a cycle stopped: a bot's reasons, or an order under the exchange's minimum: its amount no
 * longer buys it at the buy price, or what it holds is too little to sell.
 */
export const CYCLE_STOP_REASONS = [...STOP_REASONS, 'belowMinimum', 'heldBelowMinimum'] as const;
export type CycleStopReason = (typeof CYCLE_STOP_REASONS)[number];

/** How a member reads each reason (notifications, History, Running Bot). */
export const STOP_REASON_TEXT: Record<StopReason, string> = {
  manual: 'Stopped by you',
  stopAndSell: 'Stopped and sold by you',
  stoploss: 'Stoploss price reached: everything was sold',
  profitBook: 'Profit book target reached: everything was sold',
  pause: 'Pause price reached: everything was sold and the bot is paused',
  liquidation: 'The futures position was liquidated',
  insufficientBalance: 'Insufficient balance on the exchange for the next order',
  keysRevoked: 'The exchange rejected your API key (revoked or expired)',
  ipNotAllowed: "The exchange refused the server's IP for your API key",
  positionChanged: 'The futures position was changed outside GridDesk: the bot no longer holds what the exchange shows',
};

export const CYCLE_BELOW_MINIMUM_TEXT = "The amount no longer buys the exchange's minimum order at the buy price";
/** A buy filled in part before its cancel left less than the exchange sells in one order. */
export const CYCLE_HELD_BELOW_MINIMUM_TEXT =
  "What the cycle holds is under the exchange's minimum order, so it cannot be sold: it stays in your wallet";

/** How a member reads why a cycle stopped (notifications, History): a bot's text for the reasons they share. */
export function cycleStopReasonText(reason: CycleStopReason): string {
  if (reason === 'belowMinimum') return CYCLE_BELOW_MINIMUM_TEXT;
  if (reason === 'heldBelowMinimum') return CYCLE_HELD_BELOW_MINIMUM_TEXT;
  return STOP_REASON_TEXT[reason] ?? 'The cycle stopped.';
}
