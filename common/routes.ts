/**
 * The routes of SPEC section 2 and the screen names the app shows for them. The renderer's
 * router, main's deep links (griddesk://resetpassword/...) and the e2e tests all read these, so
 * a path is spelled in one place (case included: /Wallet-deposit, /verifyOtp).
 */

export const ROUTES = {
  login: '/',
  signup: '/signup',
  verifyOtp: '/verifyOtp',
  forgotPassword: '/forgetpassword',
  resetPassword: '/resetpassword/:token',
  thankYou: '/thankyou',
  dashboard: '/dashboard',
  createStrategy: '/create-strategy',
  botCreate: '/botcreate',
  startBot: '/startbot',
  cycle: '/cycle',
  subscription: '/subscription',
  deposit: '/Wallet-deposit',
  wallet: '/mywallet',
  withdraw: '/withdraw',
  runningBot: '/running-bot/:id',
  referral: '/referral-program',
  apiSetting: '/api-setting',
  liveBots: '/livebots',
  history: '/history',
  myStrategies: '/mystrategies',
  editStrategy: '/editstrategy/:strategy_name',
  myTeam: '/my-team',
  /** Not in SPEC (issue 22): the desktop's own settings, muting each kind of notification. */
  settings: '/settings',
} as const;

export type RouteName = keyof typeof ROUTES;

export const PUBLIC_ROUTES = [
  'login',
  'signup',
  'verifyOtp',
  'forgotPassword',
  'resetPassword',
  'thankYou',
] as const satisfies readonly RouteName[];
export type PublicRouteName = (typeof PUBLIC_ROUTES)[number];

export const SIGNED_IN_ROUTES = [
  'dashboard',
  'createStrategy',
  'botCreate',
  'startBot',
  'cycle',
  'subscription',
  'deposit',
  'wallet',
  'withdraw',
  'runningBot',
  'referral',
  'apiSetting',
  'liveBots',
  'history',
  'myStrategies',
  'editStrategy',
  'myTeam',
  'settings',
] as const satisfies readonly RouteName[];
export type SignedInRouteName = (typeof SIGNED_IN_ROUTES)[number];

/** Screen names of SPEC section 2 (and Settings), shown as the page heading and in the header. */
export const SCREEN_TITLES: Record<RouteName, string> = {
  login: 'Login',
  signup: 'Signup',
  verifyOtp: 'OTP verification',
  forgotPassword: 'Forgot password',
  resetPassword: 'Reset password',
  thankYou: 'Thank-you',
  dashboard: 'Dashboard',
  createStrategy: 'Create Grid Bot Strategy',
  botCreate: 'Start BOT',
  startBot: 'Start New Bot',
  cycle: 'Start Cycle',
  subscription: 'Subscription',
  deposit: 'Deposit',
  wallet: 'Wallet',
  withdraw: 'Withdraw',
  runningBot: 'Running Bot',
  referral: 'Referral programme',
  apiSetting: 'API Setting',
  liveBots: 'Copy BOTs',
  history: 'Bot history',
  myStrategies: 'My Strategies',
  editStrategy: 'Edit Grid Bot Strategy',
  myTeam: 'My Team',
  settings: 'Settings',
};

/** Fills a route pattern: routePath('runningBot', { id: '7' }) -> '/running-bot/7'. */
export function routePath(name: RouteName, params: Record<string, string> = {}): string {
  return ROUTES[name].replace(/:([A-Za-z_]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/**
 * Where to go after signing in: the `redirect` query if it names a path inside the app (a
 * relative path, never `//host`), else the dashboard.
 */
export function safeRedirect(redirect: string | null | undefined): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//')) return redirect;
  return ROUTES.dashboard;
}

/** History's tabs; `?tab=` opens one (a notification about a cycle opens the Cycle tab). */
export const HISTORY_TABS = ['multigrid', 'cycle'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];
export const HISTORY_TAB_PARAM = 'tab';

/** historyTabPath('cycle') -> '/history?tab=cycle'. */
export function historyTabPath(tab: HistoryTab): string {
  return `${ROUTES.history}?${HISTORY_TAB_PARAM}=${tab}`;
}
