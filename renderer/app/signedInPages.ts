/** One lazily loaded module per signed-in page, so the login route never pays for them. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SignedInRouteName } from '../../common/routes';

export const SIGNED_IN_PAGES: Record<SignedInRouteName, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('../pages/dashboard/DashboardPage')),
  createStrategy: lazy(() => import('../pages/create-strategy/CreateStrategyPage')),
  botCreate: lazy(() => import('../pages/botcreate/BotCreatePage')),
  startBot: lazy(() => import('../pages/startbot/StartBotPage')),
  cycle: lazy(() => import('../pages/cycle/CyclePage')),
  subscription: lazy(() => import('../pages/subscription/SubscriptionPage')),
  deposit: lazy(() => import('../pages/wallet-deposit/DepositPage')),
  wallet: lazy(() => import('../pages/mywallet/WalletPage')),
  withdraw: lazy(() => import('../pages/withdraw/WithdrawPage')),
  runningBot: lazy(() => import('../pages/running-bot/RunningBotPage')),
  referral: lazy(() => import('../pages/referral-program/ReferralPage')),
  apiSetting: lazy(() => import('../pages/api-setting/ApiSettingPage')),
  liveBots: lazy(() => import('../pages/livebots/LiveBotsPage')),
  history: lazy(() => import('../pages/history/HistoryPage')),
  myStrategies: lazy(() => import('../pages/mystrategies/MyStrategiesPage')),
  editStrategy: lazy(() => import('../pages/editstrategy/EditStrategyPage')),
  myTeam: lazy(() => import('../pages/my-team/MyTeamPage')),
  settings: lazy(() => import('../pages/settings/SettingsPage')),
};
