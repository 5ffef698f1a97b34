/** The pages the tray and the Go menu open directly (the sidebar's words and routes). */
import { DESKTOP_TEXT } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';

export interface QuickLink {
  label: string;
  path: string;
}

export const QUICK_LINKS: readonly QuickLink[] = [
  { label: DESKTOP_TEXT.tray.dashboard, path: ROUTES.dashboard },
  // The sidebar's Start BOT opens the strategy-type picker, so the tray's does too.
  { label: DESKTOP_TEXT.tray.startBot, path: ROUTES.botCreate },
  { label: DESKTOP_TEXT.tray.startCycle, path: ROUTES.cycle },
  { label: DESKTOP_TEXT.tray.history, path: ROUTES.history },
];
