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

/** What the server answers to cycle starts, edits and stops (the Cycle page shows them as is). */
export const CYCLE_SERVER = {
  cycleNotFound: 'Cycle not found',
  cycleAlreadyStopped: 'This cycle has already stopped.',
  cycleChangeNotApplied: 'The cycle could not apply this change right now. Please try again.',
  futureCyclesComingSoon: 'Future cycles are coming soon.',
  cycleSubscriptionRequired:
    'An active subscription is required to start a cycle. Buy a subscription on the Subscription page to start trading.',
  /** One runnable per pair: a bot or a cycle already trading it would share its holdings and orders. */
  cyclePairInUseByBot: (pair: string) => `A bot is already running on ${pair}. Stop it first or pick another pair.`,
  cyclePairInUseByCycle: (pair: string) => `A cycle is already running on ${pair}. Stop it first or pick another pair.`,
  cycleAmountBelowMinimum: (pair: string, minNotional: string, buys: string) =>
    `The amount buys ${buys} USDT of ${pair} at the buy price: the exchange's minimum order is ${minNotional} USDT. Raise the amount.`,
  cyclesBelowCompleted: (completed?: number) =>
    completed === undefined
      ? 'Number of cycles cannot be less than the cycles already completed.'
      : `Number of cycles cannot be less than the ${completed} cycle(s) already completed.`,
  cyclePriceBelowTick: (tick: string) => `Prices must be at least the pair's price step of ${tick}.`,
  insufficientForCycle: (free: string, amount: string) =>
    `Insufficient available balance: your wallet has ${free} USDT free for a new cycle, and this cycle needs ${amount} USDT.`,
} as const;

/** Labels and texts of the Cycle page, its dialogs and History's Cycle tab that SPEC does not quote. */
export const CYCLE_LABELS = {
  startNewCycle: 'Start New Cycle',
  liveCycles: 'Live Cycles',
  category: 'Category',
  selectCategory: 'Select category',
  comingSoonOption: (name: string) => `${name} (Coming Soon)`,
  pair: 'Pair',
  selectPair: 'Select pair',
  livePrice: 'Live Price',
  livePriceOf: (price: string) => `Live Price: ${price}`,
  refreshPrice: 'Refresh live price',
  amount: 'Amount',
  cycleCount: 'Number of cycles',
  buyAt: 'Buy at',
  sellAt: 'Sell at',
  stopLossAt: 'Stop loss',
  suggested: (percent: string, price: string) => `Suggested: ${price} (${percent} % of the live price)`,
  leverage: 'Leverage',
  selectLeverage: 'Select leverage',
  leverageOption: (x: number) => `${x}x`,
  start: 'Start Cycle',
  noLiveCycles: 'No live cycles yet: start one with the form.',
  runtime: 'Runtime',
  investment: 'Investment',
  profit: 'Profit',
  cycles: 'Cycles',
  buyPrice: 'Buy Price',
  sellPrice: 'Sell Price',
  stopLoss: 'Stop Loss',
  edit: 'Edit',
  stop: 'Stop',
  stopAndSell: 'Stop & Sell',
  cancel: 'Cancel',
  save: 'Save',
  editCycleOf: (pair: string) => `Edit ${pair} cycle`,
  stopCycleOf: (pair: string) => `Stop ${pair} cycle`,
  editTitle: 'Edit Cycle',
  editBuyPrice: 'Buy price',
  editSellPrice: 'Sell price',
  editStopLoss: 'Stop loss',
  editCycleCount: 'Number of cycles',
  editNote: (done: number) => `Changes apply at once; a resting order moves to the new price. ${done} completed so far.`,
  stopTitle: 'Confirm Stop Cycle',
  stopBody: "Stop cancels the cycle's resting order and keeps what it holds.",
  stopSellBody: 'Stop & Sell also sells what the cycle bought, at market.',
  colCycles: 'Cycles',
  colStatus: 'Status',
} as const;
