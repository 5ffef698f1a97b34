/** Bot and Dashboard calls (SPEC section 7: Dashboard, Bots), one function per channel, plus the event push and query keys. */
import type { GridProtectionRequest, MemberEvent, SltpEditRequest, StartBotRequest } from '../../common/api/bots';
import { invoke } from './bridge';

/** History's Multigrid tab and the scalping pane, each its own list (the Cycle tab reads `cycles:history`). */
const HISTORY_OPS = { multigrid: 'bots:multigridHistory', scalp: 'bots:scalpHistory' } as const;
export type BotHistoryKind = keyof typeof HISTORY_OPS;

export const botsApi = {
  start: (request: StartBotRequest) => invoke('bots:start', request),
  features: () => invoke('bots:features', {}),
  status: () => invoke('bots:status', {}),
  live: () => invoke('bots:live', {}),
  info: (botID: string) => invoke('bots:info', { botID }),
  orderBook: (botID: string) => invoke('bots:orderBook', { botID }),
  purchasedQty: (botID: string) => invoke('bots:purchasedQty', { botID }),
  position: (botID: string) => invoke('bots:position', { botID }),
  stop: (botID: string) => invoke('bots:stop', { botID }),
  stopAndSell: (botID: string) => invoke('bots:stopAndSell', { botID }),
  profitBook: (botID: string) => invoke('bots:profitBook', { botID }),
  editProfitBook: (botID: string, profitBookValue: number | string | null) =>
    invoke('bots:editProfitBook', { botID, profitBookValue }),
  protection: (botID: string) => invoke('bots:protection', { botID }),
  editProtection: (request: GridProtectionRequest) => invoke('bots:editProtection', request),
  sltp: (botID: string) => invoke('bots:sltp', { botID }),
  editSltp: (request: SltpEditRequest) => invoke('bots:editSltp', request),
  history: (kind: BotHistoryKind) => invoke(HISTORY_OPS[kind], {}),
};

export const dashboardApi = {
  disclaimerCheck: () => invoke('dashboard:disclaimerCheck', {}),
  agree: () => invoke('dashboard:disclaimer', { disclaimerAgree: true }),
  pieChart: () => invoke('dashboard:pieChart', {}),
  totalProfit: () => invoke('dashboard:totalProfit', {}),
};

/** Main's push of the member's events; returns the unsubscribe function (a no-op without a bridge). */
export function onBotEvent(listener: (event: MemberEvent) => void): () => void {
  return window.griddesk?.on('bots:event', listener) ?? (() => undefined);
}

export const BOT_KEYS = {
  all: ['bots'] as const,
  status: ['bots', 'status'] as const,
  live: ['bots', 'live'] as const,
  features: ['bots', 'features'] as const,
  bot: (id: string) => ['bots', 'bot', id] as const,
  history: (kind: BotHistoryKind) => ['bots', 'history', kind] as const,
  dashboard: ['dashboard'] as const,
};
