/**
 * Why a request was refused, as a token code can branch on (ARCHITECTURE sections 1 and 8).
 * Every refusal the server sends carries one of these beside its `message`; IPC carries it to the
 * renderer, which maps reasons (never message text) to the words SPEC owes the member. The set
 * is closed: a new refusal gets a new token here, with the HTTP status it is always sent with,
 * so the same reason can never arrive under two statuses.
 *
 * Tokens are `<area>.<what happened>`, named like server/exchange/errors.ts names its kinds:
 * by what the caller must do about it.
 */
export const REASON_STATUS = {
  // No answer at all: the server could not be reached or did not answer in time (status 0)
  'network.unreachable': 0,

  // The request itself
  'request.malformed': 400, // not JSON, a wrong type, an unknown shape
  'request.not_found': 404, // no such path or method
  'request.too_large': 413,
  'request.too_many': 429, // a rate limit: retry after Retry-After
  'validation.required': 400, // a required field is missing
  'validation.invalid': 400, // a field breaks one of its rules (the message names which)
  'validation.above_ceiling': 400, // an amount larger than any exchange balance (AMOUNT_CEILING)
  'idempotency.key_invalid': 400,
  'idempotency.key_reused': 409, // the key was used for another request
  'server.internal': 500,
  'server.unavailable': 503, // a dependency cannot answer now; retrying later may work
  'server.timeout': 503, // the request ran past the server's time limit; it may still complete: check before retrying

  // Member access
  'auth.unauthenticated': 401, // no token, or an expired or revoked one: sign in again
  'auth.invalid_credentials': 401,
  'account.email_taken': 400,
  'account.email_invalid': 400,
  'account.not_found': 404,
  'account.referral_invalid': 400,
  'account.referral_not_found': 400,
  'account.sponsor_inactive': 400,
  'account.signup_pending': 400,
  'account.no_pending_signup': 400,
  'account.password_mismatch': 400,
  'account.otp_invalid': 400,
  'account.otp_expired': 400,
  'account.otp_burned': 400,
  'account.reset_token_invalid': 400,

  // Strategies and backtests
  'strategy.not_found': 404,
  'strategy.exists': 400,
  'strategy.read_only': 403,
  'strategy.in_use': 400,
  'strategy.invalid': 400, // the grids break a rule of the trading core
  'backtest.no_history': 400,

  // Bots
  'bot.not_found': 404,
  'bot.strategy_unknown': 400, // the start names a strategy the member cannot pick
  'bot.already_stopped': 400,
  'bot.copy_source_gone': 400,
  'bot.coming_soon': 400, // scalping, or futures while they are off
  'bot.pair_not_tradable': 400,
  'bot.pair_in_use': 400,
  'futures.position_too_large': 400, // amount x leverage past what the pair's brackets allow at that leverage
  'bot.amount_below_minimum': 400,
  'bot.insufficient_balance': 400,
  'bot.subscription_required': 400,
  'bot.no_live_price': 503,
  'bot.change_not_applied': 409, // the engine could not apply the stop or edit now: try again

  // Cycles
  'cycle.not_found': 404,
  'cycle.already_stopped': 400,
  'cycle.pair_in_use': 400, // a live bot or cycle of the member's runs on the pair (the message names it)
  'cycle.amount_below_minimum': 400, // the amount does not buy the exchange's minimum order at the buy price
  'cycle.cycles_below_completed': 400, // no_of_cycle under the rounds already completed
  'cycle.change_not_applied': 409, // the engine could not apply the stop or edit now: try again

  // Exchange keys, market data and the exchange wallet
  'keys.missing': 400,
  'keys.rejected': 400, // the exchange refused the key, or the server's IP is not whitelisted
  'keys.unverifiable': 400,
  'keys.withdrawals_enabled': 400,
  'keys.trading_disabled': 400,
  'keys.bot_running': 400,
  'keys.rotation_refused': 400,
  'market.unknown_pair': 400,
  'exchange.not_configured': 400,
  'exchange.refused': 400, // the exchange refused the request; its reason is in the message
  'exchange.unavailable': 503,
  'wallet.insufficient_funds': 400,
  'wallet.below_minimum': 400,
  'wallet.no_market': 400,
  'wallet.wrong_direction': 400,
  'wallet.unknown_outcome': 400, // the exchange may or may not have done it: check before retrying
  'wallet.previous_failed': 400,
  'wallet.repeated': 409,
  'wallet.busy': 409,

  // The billing service (/account): subscriptions, deposits, withdrawals, rewards, team
  'billing.plan_not_found': 404,
  'billing.unaffordable': 400,
  'billing.deposits_unavailable': 503,
  'billing.withdrawals_unavailable': 503,
  'billing.withdrawal_insufficient': 400,
  'billing.withdrawal_address_invalid': 400,
  'billing.reward_swap_too_large': 400,
  'billing.team_level_unknown': 400,
  'billing.withdrawal_below_minimum': 400,
  'billing.withdrawal_pending_limit': 409, // wait until a pending withdrawal is paid
  'billing.withdrawal_daily_limit': 429, // wait until a withdrawal of the last 24 hours ages out
  'billing.withdrawal_to_platform_address': 400, // a deposit address of this platform: use the reward swap

  // The desktop
  'desktop.preview_locked': 403, // a browser the preview's launch link did not let in

  // Admin settings
  'settings.invalid': 400,
} as const satisfies Record<string, number>;

export type Reason = keyof typeof REASON_STATUS;

export const REASONS = Object.keys(REASON_STATUS) as Reason[];

export function isReason(value: unknown): value is Reason {
  return typeof value === 'string' && Object.hasOwn(REASON_STATUS, value);
}

/**
 * The reason a refusal without one of its own stands for, by HTTP status (0: no answer at all);
 * any other refused request counts as malformed.
 */
export function reasonOfStatus(status: number): Reason {
  if (status === 0) return 'network.unreachable';
  if (status === 401) return 'auth.unauthenticated';
  if (status === 404 || status === 405) return 'request.not_found';
  if (status === 413) return 'request.too_large';
  if (status === 429) return 'request.too_many';
  if (status === 503) return 'server.unavailable';
  if (status >= 500) return 'server.internal';
  return 'request.malformed';
}
