/** The sidebar and profile-menu entries of SPEC section 2, and the title of the current route. */
import ApiOutlined from '@ant-design/icons/ApiOutlined';
import AppstoreAddOutlined from '@ant-design/icons/AppstoreAddOutlined';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import CrownOutlined from '@ant-design/icons/CrownOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import type { ReactNode } from 'react';
import { matchPath } from 'react-router-dom';
import { ROUTES, SCREEN_TITLES, SIGNED_IN_ROUTES } from '../../../common/routes';

export interface NavEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

export const SIDEBAR: NavEntry[] = [
  { path: ROUTES.dashboard, label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: ROUTES.createStrategy, label: 'create Strategy', icon: <AppstoreAddOutlined /> },
  { path: ROUTES.botCreate, label: 'Start BOT', icon: <PlayCircleOutlined /> },
  { path: ROUTES.cycle, label: 'Start Cycle', icon: <SyncOutlined /> },
  { path: ROUTES.liveBots, label: 'Copy BOTs', icon: <CopyOutlined /> },
  { path: ROUTES.subscription, label: 'Subscription', icon: <CrownOutlined /> },
];

export const PROFILE_MENU: NavEntry[] = [
  { path: ROUTES.wallet, label: 'My Wallet', icon: <WalletOutlined /> },
  { path: ROUTES.apiSetting, label: 'API Setting', icon: <ApiOutlined /> },
  { path: ROUTES.myStrategies, label: 'My Strategies', icon: <ProfileOutlined /> },
  { path: ROUTES.referral, label: 'My Referral', icon: <GiftOutlined /> },
  { path: ROUTES.myTeam, label: 'My Team', icon: <TeamOutlined /> },
  { path: ROUTES.history, label: 'History', icon: <HistoryOutlined /> },
  // Not in SPEC's menu (issue 22): the desktop's own settings, with the account's links.
  { path: ROUTES.settings, label: SCREEN_TITLES.settings, icon: <SettingOutlined /> },
];

/** The SPEC screen name of a signed-in path, for the header. */
export function titleForPath(pathname: string): string {
  const name = SIGNED_IN_ROUTES.find((route) => matchPath(ROUTES[route], pathname));
  return name ? SCREEN_TITLES[name] : '';
}
