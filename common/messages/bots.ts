/** Starting, editing and stopping bots: rules, server answers, toasts (labels: bot-screens.ts). */

/** Rules of Start New Bot and of a running bot's edits. */
export const BOT_VALIDATION = {
  botTypeRequired: 'Select bot type is required.',
  categoryRequired: 'Select category is required.',
  pairRequired: 'Select pair is required.',
  strategyRequired: 'Select strategy is required.',
  amountMin: (min: string | number) => `Amount must be greater than or equal to ${min}.`,
  leverageRequired: 'Leverage is required.',
  leverageMin: 'Leverage must be at least 1x',
  leverageMax: 'Leverage cannot be more than 10x',
  profitBookNumber: 'Profit book & stop at (%) must be a number.',
  sellPausePriceNumber: 'Sell All And Pause Price must be a number.',
  restartPriceNumber: 'Restart Price must be a number.',
  stoplossPriceNumber: 'Stoploss Price must be a number.',
  insufficientForGrids: (grids: number, min: string | number) =>
    `Insufficient amount. Minimum required for ${grids} grids is $${min}.`,
  overbuyRange: (max: number) => `Please enter a valid integer between 1 and ${max} for Overbuy Grid Protection.`,
  profitBookBelowOne: 'Value cannot be negative or less than 1.',
  pausePriceAboveLive: 'Pause Price must be greater than the current live price',
  stopLossBelowLive: 'Stop loss Price must be less than the current live price',
  // Running-bot edits SPEC bounds without quoting a message for (profit book above 1000, a missing id).
  profitBookAboveMax: 'Value cannot be more than 1000.',
  botIdRequired: 'botID is required.',
  disclaimerAgree: 'disclaimerAgree must be true.',
  priceAboveZero: (field: string) => `${field} must be greater than 0.`,
} as const;

/** What the server answers to bot starts, edits and stops, and to the dashboard disclaimer. */
export const BOT_SERVER = {
  copiedBotGone: 'This bot is no longer running, so it cannot be copied.',
  userRequestCreated: 'User request created successfully',
  insufficientBalance: 'Insufficient available balance',
  botNotFound: 'Bot not found',
  botAlreadyStopped: 'This bot has already stopped.',
  botChangeNotApplied: 'The bot could not apply this change right now.',
  scalpingComingSoon: 'Scalping Grid is coming soon.',
  subscriptionRequired:
    'An active subscription is required to start a bot. Buy a subscription on the Subscription page to start trading.',
  futuresComingSoon: 'Future bots are coming soon.',
  /** USD-M keeps one position per pair: two Future bots on it would share (and liquidate) one. */
  botPairInUseByCycle: (pair: string) => `A cycle is already running on ${pair}. Stop it first or pick another pair.`,
  futuresPositionTooLarge: (pair: string, leverage: number, max: string) =>
    `At ${leverage}x the exchange allows a ${pair} position of at most ${max} USDT: lower the amount or the leverage.`,
  futuresPairInUse: (pair: string) =>
    `A Future bot already runs on ${pair}. Stop it first: the exchange keeps one position per pair.`,
  pairNotTradable: (pair: string) => `${pair} is not a tradable pair.`,
  noLivePrice: (pair: string) => `There is no live price for ${pair} right now. Please try again in a moment.`,
  insufficientForBot: (free: string, amount: string) =>
    `Insufficient available balance: your spot wallet has ${free} USDT free for a new bot, and this bot needs ${amount} USDT.`,
  disclaimerSaved: 'Disclaimer agreement saved',
} as const;

/** Toasts of the bot screens. */
export const BOT_UI = {
  minBotAmountError: 'Failed to fetch minimum bot amount.',
  botStarting: 'Bot Starting...',
  botStopped: 'Bot stopped successfully',
  botStoppedSold: 'Bot stopped and sold successfully',
  sltpUpdated: 'SLTP values updated successfully',
  sltpReset: 'SLTP values reset successfully',
  profitBookSaved: 'Profit book & stop value saved successfully.',
  profitBookReset: 'Profit book & stop value has been reset successfully.',
  overbuySaved: 'Overbuy Grid Protection value saved successfully.',
  overbuyReset: 'Overbuy Grid Protection has been reset successfully.',
  botStopError: 'Error stopping bot',
  botStopSellError: 'Error stopping and selling bot',
  sltpUpdateError: 'Error updating SLTP values',
  sltpResetError: 'Error resetting SLTP values',
  profitBookSaveError: 'Error saving Profit book value.',
  profitBookResetError: 'Error resetting Profit book value.',
  overbuySaveError: 'Error saving Overbuy Grid Protection.',
  overbuyResetError: 'Error resetting Overbuy Grid Protection.',
} as const;

/** Messages of the bot forms that SPEC implies without quoting (whole amounts, upper limits). */
export const BOT_FORM_VALIDATION = {
  amountWhole: 'Amount must be a whole number of USDT.',
  leverageWhole: 'Leverage must be a whole number from 1x to 10x.',
  profitBookRequired: 'Enter a value from 1 to 1000.',
} as const;
