/** Cycles: their rule and toasts. */
import { CYCLE_COUNT_MAX } from '../constants';

/** Rules of a cycle's form. */
export const CYCLE_VALIDATION = {
  cycleStopLossAboveBuy: 'Stop loss cannot be more than the buy price.',
  cycleSellNotAboveBuy: 'Sell price must be more than the buy price.',
  cycleIdRequired: 'cycle_id is required.',
  cycleCountRequired: 'Number of cycles is required.',
  cycleCountWhole: 'Number of cycles must be a whole number, 1 or more.',
  cycleCountMax: (label: string) => `${label} cannot be more than ${CYCLE_COUNT_MAX}.`,
  priceNumber: (label: string) => `${label} must be a number.`,
  priceRequired: (label: string) => `${label} is required.`,
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
