/**
 * Where a cycle stands, for the pages: the rounds completed, the current round's buy price, the
 * realized PnL and the trade count. The engine keeps them in the core's state (written with
 * every order and fill) and may keep them in the `cycles_completed`, `last_bought_price`,
 * `realized_pnl` and `trades` columns too; the state is read when it is there, so the pages are
 * right whichever the engine writes.
 */
import type { CycleSnapshot } from '../../../trading/index';
import type { CycleRow } from '../../runnables/cycle/index';
import { plain, plainOrNull } from '../runnables/figures';

export interface CycleProgress {
  completed: number;
  /** null before this round's buy filled (the half step shows once it is set). */
  lastBoughtPrice: string | null;
  /** Realized PnL of the sells, fees included. */
  realized: string;
  /** Filled orders so far (what a drawn sparkline is kept against). */
  trades: number;
}

type ProgressColumns = Pick<CycleRow, 'cyclesCompleted' | 'lastBoughtPrice' | 'trades' | 'realizedPnl'> & { state: unknown };

function snapshotOf(state: unknown): Partial<CycleSnapshot> | null {
  return state !== null && typeof state === 'object' ? (state as Partial<CycleSnapshot>) : null;
}

export function progressOf(row: ProgressColumns): CycleProgress {
  const state = snapshotOf(row.state);
  const counted = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
  return {
    // Both counts only ever go up: the larger of the two is the later.
    completed: Math.max(row.cyclesCompleted, counted(state?.completed)),
    trades: Math.max(row.trades, counted(state?.trades)),
    realized: typeof state?.realized === 'string' ? plain(state.realized) : plain(row.realizedPnl),
    lastBoughtPrice: state && 'lastBoughtPrice' in state ? plainOrNull(state.lastBoughtPrice) : plainOrNull(row.lastBoughtPrice),
  };
}
