/** Cycle calls (SPEC section 7: Cycles), one function per channel, the query keys and which events concern cycles. */
import type { MemberEvent } from '../../common/api/bots';
import type { EditCycleRequest, StartCycleRequest } from '../../common/api/cycles';
import { invoke } from './bridge';

export const cyclesApi = {
  live: () => invoke('cycles:live', {}),
  history: () => invoke('cycles:history', {}),
  start: (request: StartCycleRequest) => invoke('cycles:start', request),
  edit: (request: EditCycleRequest) => invoke('cycles:edit', request),
  stop: (cycleId: string) => invoke('cycles:stop', { cycle_id: cycleId }),
  stopAndSell: (cycleId: string) => invoke('cycles:stopAndSell', { cycle_id: cycleId }),
};

export const CYCLE_KEYS = {
  all: ['cycles'] as const,
  live: ['cycles', 'live'] as const,
  history: ['cycles', 'history'] as const,
};

/** Events the cycle screens refresh on (a completion, a stop, a failed order). */
export function isCycleEvent(event: MemberEvent): boolean {
  return event.kind.startsWith('cycle.');
}
