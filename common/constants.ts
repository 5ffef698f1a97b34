/** Business constants of SPEC section 9 and the account rules of the platform server. */

export const EMAIL_MAX = 42;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 42;
export const USERNAME_MAX = 20;
export const REFERRAL_ID_LENGTH = 6;
export const REFERRAL_CHECK_DEBOUNCE_MS = 500;

/**
 * The largest amount (USDT) any request may carry: one trillion, more than all the USDT in
 * existence and so more than any exchange balance. Anything above is refused before a rule of
 * the pair, the balance or the exchange runs, so no rule ever meets a number it was not made for.
 */
export const AMOUNT_CEILING = '1000000000000';

export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 30;
/** An OTP is valid this long after it was sent. */
export const OTP_TTL_MINUTES = 10;
/** Wrong tries that burn an OTP. */
export const OTP_MAX_ATTEMPTS = 5;
/** A password-reset token is single-use and valid this long. */
export const RESET_TOKEN_TTL_MINUTES = 30;

/** Success code of the billing service's envelope ({code, data, msg}, served under /account). */
export const BILLING_SUCCESS_CODE = '0000';

export const GRIDS_MIN = 1;
export const GRIDS_MAX_CREATE = 50;
export const GRIDS_MAX_EDIT = 10;
export const ALLOTTED_TOTAL = 100;
export const ALLOTTED_TOLERANCE = 0.01;
/** Longest strategy name; names appear in routes (/editstrategy/{name}) and cards. */
export const STRATEGY_NAME_MAX = 50;
/** Auto Fill defaults of SPEC section 3 (percent, as the form keeps them: decimal strings). */
export const AUTO_FILL_PERCENTAGES = {
  buyPercentage: '1.2',
  buyPercentageUp: '0.2',
  takeProfitPercentage: '1.2',
  takeProfitPercentageDown: '0.2',
} as const;

export const LEVERAGE_MIN = 1;
export const LEVERAGE_MAX = 10;
/** The most rounds one cycle may run (a start or an edit asking more is refused). */
export const CYCLE_COUNT_MAX = 1000;
/** The Cycle page's suggested prices, as fractions of the live price (SPEC section 2: 95 %, 105 %, 80 %). */
export const CYCLE_SUGGESTED = { buy: '0.95', sell: '1.05', stopLoss: '0.8' } as const;
export const PROFIT_BOOK_MIN = 1;
export const PROFIT_BOOK_MAX = 1000;

/** Minimum bot amount before the server value has loaded. */
export const MIN_BOT_AMOUNT_DEFAULT_START_FORM = 100;
export const MIN_BOT_AMOUNT_DEFAULT_LIVE_DIALOG = 1000;
/** Server-side default of the `minimumBotAmount` setting. */
export const MIN_BOT_AMOUNT_SETTING_DEFAULT = '100';

export const PAGE_SIZE_LISTS = 10;
export const PAGE_SIZE_TABLES = 20;
export const PAGE_BUTTONS = 5;

export const REFRESH_MS = 10_000;
export const THEME_POLL_MS = 1_000;

export const REFERRAL_REWARD_MAX_PERCENT = 10;
export const STRATEGY_NAME_CARD_MAX = 12;
export const MASKED_SECRET_LENGTH = 64;

export const PIE_MAX_SLICES = 8;
export const CHART_INTERVAL = '15m';
export const MARKET_CHART_HEIGHT = 587;
export const DAILY_CHART_HEIGHT = 445;
export const MONEY_DECIMALS = 2;

export const MODAL_TRANSITION_MS = 300;
export const MODAL_BACKDROP_MS = 150;

export const SYSTEM_STRATEGY_NAME = 'System Strategy';

/** Referral rewards of all levels together are at most this share of a purchase (SPEC section 9). */
export const MAX_REFERRAL_PERCENT = 10;

/** Settings an admin can change with `npm run admin -- set-setting NAME VALUE`. */
export const SETTING_NAMES = [
  'referralMandatory',
  'minimumBotAmount',
  'ifcNewTokenPrice',
  'levelPercentages',
  'withdrawalMinimum',
  'withdrawalFee',
  'withdrawalPendingMax',
  'withdrawalDailyMax',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/**
 * Reward withdrawals (issue 20), until support staff set them: the smallest amount a member may
 * withdraw and the BEP-20 network fee taken from it (USDT, decimal strings), and how many
 * withdrawals a member may have PENDING at once and request in any 24 hours (FAILED ones aside).
 */
export const WITHDRAWAL_MINIMUM_DEFAULT = '10';
export const WITHDRAWAL_FEE_DEFAULT = '1';
export const WITHDRAWAL_PENDING_MAX_DEFAULT = 3;
export const WITHDRAWAL_DAILY_MAX_DEFAULT = 10;
