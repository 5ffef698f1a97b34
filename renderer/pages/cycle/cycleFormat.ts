/** How the Cycle page writes a cycle's figures. Pure. */
import type { LiveCycle } from '../../../common/api/cycles';
import { CYCLE_LABELS } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';

/** Rounds done, plus the half step once the current round has bought (SPEC section 4). */
export function cycleStep(cycle: Pick<LiveCycle, 'cycles_completed' | 'last_bought_price'>): number {
  const bought = cycle.last_bought_price !== null && cycle.last_bought_price !== undefined && cycle.last_bought_price !== '';
  return cycle.cycles_completed + (bought ? 0.5 : 0);
}

/** '2.5/5'. */
export function cycleProgress(cycle: Pick<LiveCycle, 'cycles_completed' | 'last_bought_price' | 'no_of_cycle'>): string {
  return `${cycleStep(cycle)}/${cycle.no_of_cycle}`;
}

/** 'Spot', or 'Future 3x'. */
export function categoryText(cycle: Pick<LiveCycle, 'category' | 'leverage'>): string {
  return cycle.category === 'Future' && cycle.leverage
    ? `${cycle.category} ${CYCLE_LABELS.leverageOption(cycle.leverage)}`
    : cycle.category;
}

export function cyclePair(cycle: Pick<LiveCycle, 'pair'>): string {
  return pairLabel(cycle.pair);
}
