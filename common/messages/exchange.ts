/** The exchange screens: API Setting (keys), Wallet (transfers, swaps), ticker and dashboard banner. */

/** Rules of the key, transfer and swap forms. */
export const EXCHANGE_VALIDATION = {
  apiKeyRequired: 'API Key is required.',
  secretKeyRequired: 'Secret Key is required.',
  transferExceeds: 'Amount exceeds transferable balance',
  swapInvalid: 'Enter a valid amount',
  /** Not in SPEC: an amount within the wallet's balance but above what running bots and cycles leave free. */
  heldByBots: (inBots: string, asset: string) =>
    `Amount exceeds the free balance: ${inBots} ${asset} is held by your running bots or cycles.`,
} as const;

/** What the server answers to transfers, swaps and disconnecting keys. */
export const EXCHANGE_SERVER = {
  transferSuccessful: 'Transfer successful',
  swapSuccessful: 'Swap successful',
  botRunningCannotDisconnect: 'Your bot is currently running, so you cannot disconnect your API keys at this time.',
} as const;

/** Toasts of API Setting and Wallet. */
export const EXCHANGE_UI = {
  apiKeyOrIp:
    'API key is incorrect or IP is not allowed. Please double-check your credentials and ensure your IP address is authorized.',
  apiKeysSaved: 'API keys saved successfully',
  disconnected: 'Disconnected successfully',
  apiSaveFailed: 'Failed to save API settings. Please try again.',
  botRunningCannotDisconnect: 'Your bot is currently running, so you cannot disconnect your API keys at this time.',
  disconnectFailed: 'Failed to disconnect. Please try again.',
  transferFailed: 'Transfer failed',
  swapFailed: 'Swap failed',
} as const;

/** Labels and texts of the exchange screens (API Setting, Wallet, ticker, dashboard banner). */
export const EXCHANGE_LABELS = {
  serverIp: 'Server IP',
  serverIpHelp: 'Add this IP address to the IP access list of your exchange API key.',
  connected: 'Connected',
  disconnected: 'Disconnected',
  apiKey: 'API Key',
  secretKey: 'Secret Key',
  submit: 'SUBMIT',
  disconnect: 'Disconnect',
  disconnectTitle: 'Disconnect your API keys?',
  disconnectBody: 'Running bots need these keys. You can bind keys again at any time.',
  totalUsdt: 'Total USDT',
  spotUsdt: 'Spot USDT transferable',
  futuresUsdt: 'Futures USDT transferable',
  transfer: 'Transfer',
  /** The transfer directions in words; the API keeps SPEC's SpotToFutures / FuturesToSpot values. */
  spotToFutures: 'Spot to Futures',
  futuresToSpot: 'Futures to Spot',
  amount: 'Amount',
  max: 'Max',
  available: (amount: string) => `Transferable: ${amount} USDT`,
  spot: 'Spot',
  futures: 'Futures',
  colAsset: 'Asset',
  colBalance: 'Balance',
  colValue: 'Value (USDT)',
  colAction: 'Action',
  swap: 'Swap',
  swapTitle: (asset: string) => `Swap ${asset} to USDT`,
  swapBalance: (balance: string, asset: string) => `Balance: ${balance} ${asset}`,
  /** Not in SPEC: money at hand, what the member may move or sell beside what running bots and cycles hold. */
  freeAndInBots: (free: string, inBots: string, asset: string) => `Free ${free} ${asset} · In bots ${inBots} ${asset}`,
  inBots: (amount: string, asset: string) => `In bots ${amount} ${asset}`,
  swapHeldTitle: (asset: string) => `Your running bots hold ${asset}`,
  swapHeldBody: (asset: string) => `These running bots and cycles hold ${asset}:`,
  swapHeldNote: 'The swap sells only from the free amount, but selling the coin a bot trades may leave it short.',
  holder: (kind: 'bot' | 'cycle', label: string, amount: string, asset: string) =>
    `${kind === 'bot' ? 'Bot' : 'Cycle'} ${label}: ${amount} ${asset}`,
  swapAnyway: 'Swap anyway',
  balancesFailed: 'Your wallet balances could not be loaded.',
  assetsFailed: 'Your wallet assets could not be loaded.',
  noAssets: 'No assets in this wallet.',
  dashboardWarning:
    "Add the platform's server IP to your exchange API key's whitelist and test your keys on the API page, or the bot will not start.",
  dashboardWarningIp: (ip: string) => `Server IP: ${ip}`,
  apiSettingButton: 'API Setting',
  marketChart: (pair: string) => `${pair} market chart`,
} as const;
