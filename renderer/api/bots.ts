/** The member's event push and the query keys of the Bot and Dashboard screens (SPEC section 7: Dashboard, Bots). */
import type { MemberEvent } from '../../common/api/bots';

/** History's Multigrid tab (`bots:multigridHistory`) and the scalping pane (`bots:scalpHistory`); the Cycle tab reads `cycles:history`. */
export type BotHistoryKind = 'multigrid' | 'scalp';

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
