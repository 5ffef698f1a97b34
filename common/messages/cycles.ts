/** Cycles: their rule and toasts. */

/** Rules of a cycle's form. */
export const CYCLE_VALIDATION = {
  cycleStopLossAboveBuy: 'Stop loss cannot be more than the buy price.',
} as const;

/** Toasts of the cycle screens. */
export const CYCLE_UI = {
  cycleStarting: 'Cycle Starting...',
  cycleStartError: 'An error occurred while starting the cycle.',
  cycleUpdated: 'Cycle updated successfully',
  cycleUpdateFailed: 'Failed to update cycle',
  cycleSaveError: 'An error occurred while saving changes.',
  cycleStopped: 'Cycle stopped successfully',
  cycleStopFailed: 'Failed to stop cycle',
  cycleStopError: 'An error occurred while stopping the cycle.',
  cycleStoppedSold: 'Cycle stopped and sold successfully',
  cycleStopSellFailed: 'Failed to stop and sell cycle',
  cycleStopSellError: 'An error occurred while stopping and selling the cycle.',
} as const;
