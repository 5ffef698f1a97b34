/** Messages every area shares: request failures, generic field rules, the app frame. */

/** Field rules any form may apply (amounts, required fields, the input bounds of issue 10). */
export const SHARED_VALIDATION = {
  amountNumber: 'Amount must be a number.',
  amountRequired: 'Amount is required.',
  fieldRequired: (field: string) => `${field} is required.`,
  // Input bounds SPEC leaves unstated (issue 10): digits a stored decimal holds, text lengths.
  integerDigitsMax: (field: string, digits: number) => `${field} can have at most ${digits} digits before the decimal point.`,
  fractionDigitsMax: (field: string, digits: number) => `${field} can have at most ${digits} digits after the decimal point.`,
  amountAboveCeiling: (field: string) => `${field} can be at most 1,000,000,000,000 USDT.`,
  textMax: (field: string, max: number) => `${field} must be at most ${max} characters long`,
  controlCharacters: (field: string) => `${field} cannot contain control characters such as line breaks or tabs.`,
} as const;

/** What the server answers whatever the area: sessions, rate limits, failures, the account-service envelope. */
export const SHARED_SERVER = {
  unauthorized: 'Unauthorized',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  /** `msg` of a successful account-service reply. */
  accountOk: 'Success',
  internalError: 'Something went wrong on the server. Please try again.',
  /** 503 `server.timeout`: the answer went out at the time limit, the work may still finish. */
  requestTimedOut: 'The server took too long to answer. What you asked for may still be done: please check before trying again.',
  /** A body or query whose shape no schema rule can read (an object where text belongs). */
  malformedRequest: 'The request or one of its fields has the wrong type. Please check the values and try again.',
} as const;

/** Toasts of any screen when a call fails. */
export const SHARED_UI = {
  genericError: 'An error occurred',
  noResponse: 'No response from server. Please try again.',
  /** The browser preview refused a page or call that lacks its per-launch cookie (403). */
  previewLocked:
    'This browser has not been let into the GridDesk preview. Open the launch link that npm run preview printed (each link works once; the preview prints a fresh one after each use).',
  submitFailed: 'Failed to submit form',
} as const;

/** The app frame: header, theme, profile menu. */
export const SHARED_LABELS = {
  priceTicker: 'Price ticker',
  toggleTheme: 'Dark theme',
  wallet: 'Wallet',
  profileMenu: 'Profile menu',
  logout: 'Logout',
} as const;

/** Fixed screen texts the SPEC quotes. */
export const TEXT = {
  loggingIn: 'Loging in...',
  checking: 'Checking...',
  sendingOtp: 'Sending OTP...',
  saving: 'Saving...',
  comingSoon: 'Comming Soon',
  forgotPasswordLink: 'Forgot Password?',
  thankYouTitle: 'Thank You for Your Sign Up Request!',
  thankYouBody: 'Our team will contact you soon with amazing opportunities.',
  noActiveBotTitle: 'No Active Bot',
  noActiveBotBody: 'There are currently no active bots.',
  noStrategiesTitle: 'No strategies available',
  noStrategiesBody: 'Create your first strategy to get started!',
  noData: 'NO DATA',
  noRecords: 'No Records Found.',
  loading: 'Loading...',
  notApplicable: 'NA',
  /** A figure the screen does not have or cannot read. */
  noValue: '-',
  hiddenReferralCode: 'XXXXXX',
  marketPrice: 'Marketprice',
  marketPriceEdit: 'marketprice',
  gridStrategy: 'Grid Strategy',
  arbitrageBot: 'Arbitrage trading Bot',
  indicatorBots: 'indicator bots',
  strategyActive: 'active',
  strategyInactive: 'inactive',
  ellipsis: '...',
} as const;
