/** The query keys of the cycle screens (SPEC section 7: Cycles) and which events concern cycles. */
import type { MemberEvent } from '../../common/api/bots';

export const CYCLE_KEYS = {
  all: ['cycles'] as const,
  live: ['cycles', 'live'] as const,
  history: ['cycles', 'history'] as const,
};

/** Events the cycle screens refresh on (a completion, a stop, a failed order). */
export function isCycleEvent(event: MemberEvent): boolean {
  return event.kind.startsWith('cycle.');
}
