/**
 * The desktop shell's words: the Settings page (muting each kind of notification), and what main
 * shows outside the window (tray, menus, the quit question, About, the subscription reminder).
 * Main and the renderer both read them, and the e2e tests select by them.
 */
import { SUBSCRIPTION_REMINDER_DAYS, type NotificationKind } from '../notifications';

/** The Settings page. */
export const SETTINGS_LABELS = {
  notifications: 'Notifications',
  notificationsHelp:
    'GridDesk tells you about these while it runs, also with its window closed (it stays in the tray). Switch off the ones you do not want.',
  /** Each kind's switch is named by its label; the description says when it shows. */
  kinds: {
    botStopped: { label: 'Bot stopped', description: 'A bot stopped or paused, and why.' },
    cycleCompleted: {
      label: 'Cycle completed',
      description: 'A cycle did its last round, with its profit.',
    },
    cycleStopped: {
      label: 'Cycle stopped',
      description: 'A cycle ended early: its stop loss, you, or the exchange.',
    },
    orderFailed: {
      label: 'Order failed',
      description: 'An order of a bot or a cycle failed and needs you.',
    },
    subscriptionExpiring: {
      label: 'Subscription expiring',
      description: `Your subscription ends within ${SUBSCRIPTION_REMINDER_DAYS} days.`,
    },
  } satisfies Record<NotificationKind, { label: string; description: string }>,
  saveFailed: 'Could not save the notification setting. Please try again.',
} as const;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What main shows outside the window. */
export const DESKTOP_TEXT = {
  appName: 'GridDesk',
  tray: {
    bots: (count: number) => `Bots running: ${count}`,
    cycles: (count: number) => `Cycles running: ${count}`,
    signedOut: 'Not signed in',
    tooltip: (bots: number, cycles: number) => `GridDesk: ${plural(bots, 'bot')} and ${plural(cycles, 'cycle')} running`,
    dashboard: 'Dashboard',
    startBot: 'Start BOT',
    startCycle: 'Start Cycle',
    history: 'History',
    quit: 'Quit GridDesk',
  },
  menu: {
    file: 'File',
    edit: 'Edit',
    view: 'View',
    go: 'Go',
    window: 'Window',
    help: 'Help',
    settings: 'Settings…',
    about: 'About GridDesk',
    exportDiagnostics: 'Export diagnostics…',
  },
  quit: {
    message: 'Quit GridDesk?',
    detail: (bots: number | null, cycles: number | null) =>
      `${bots === null || cycles === null ? 'Your bots and cycles' : `${plural(bots, 'bot')} and ${plural(cycles, 'cycle')}`} run inside ` +
      'GridDesk on this computer and pause while it is closed: orders already on the exchange may still fill, ' +
      'but GridDesk places no new order and watches no stop loss until you open it again. ' +
      'Close the window instead to keep them running in the tray.',
    quit: 'Quit',
    cancel: 'Keep running',
  },
  about: {
    title: 'About GridDesk',
    detail: (lines: readonly string[]) => lines.join('\n'),
    ok: 'OK',
    /** Copies the versions for a support request. */
    copy: 'Copy',
  },
  subscription: {
    title: 'Your GridDesk subscription ends soon',
    body: (daysLeft: number) =>
      `${daysLeft <= 1 ? 'It ends within a day.' : `It ends in ${daysLeft} days.`} Renew it on the Subscription page to keep starting bots and cycles.`,
  },
} as const;
