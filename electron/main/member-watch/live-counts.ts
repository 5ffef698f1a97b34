/**
 * The member's running bots and live cycles for the tray. The counts are fetched (GET
 * /api/botstatus and /api/livecycles) when a member signs in and again after each member event
 * that starts or ends one, rather than added up from the events: a missed or replayed event
 * cannot leave the tray wrong for the rest of the day. Events come in bursts (a stop loss stops
 * several at once), so the refetch waits a moment and runs once per burst.
 */
import type { MemberEvent, MemberEventKind } from '../../../common/api/bots';
import type { LiveCounts } from '../ports/types';

/** Events after which the counts may differ (an order failing changes none). */
const CHANGES_COUNTS: ReadonlySet<MemberEventKind> = new Set([
  'bot.started',
  'bot.stopped',
  'cycle.started',
  'cycle.completed',
  'cycle.stopped',
]);

export interface LiveCountsOptions {
  /** The counts now; null when the server could not say (the last known counts stay). */
  fetch(): Promise<LiveCounts | null>;
  /** Told each change; null once nobody is signed in. */
  onChange(counts: LiveCounts | null): void;
  /** Whether a member is signed in (the keychain holds a token). */
  signedIn(): Promise<boolean>;
  /** How long a burst of events is waited out before one refetch. */
  settleMs?: number;
}

export interface LiveCountsTracker {
  /** A member signed in (or main started with one): fetch the counts. */
  start(): void;
  /** Nobody is signed in: forget the counts. */
  stop(): void;
  /** A member event arrived. */
  onEvent(event: MemberEvent): void;
  readonly counts: LiveCounts | null;
}

export function createLiveCounts(options: LiveCountsOptions): LiveCountsTracker {
  const settleMs = options.settleMs ?? 300;
  let counts: LiveCounts | null = null;
  let active = false;
  /** Bumped by every fetch and every stop: only the newest fetch of the current session lands. */
  let sequence = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function report(next: LiveCounts | null): void {
    if (next === counts || (next && counts && next.bots === counts.bots && next.cycles === counts.cycles)) return;
    counts = next;
    options.onChange(next);
  }

  async function refresh(): Promise<void> {
    const mine = ++sequence;
    try {
      if (!(await options.signedIn())) return;
      const fetched = await options.fetch();
      if (mine === sequence && active && fetched) report(fetched);
    } catch (error) {
      // The tray keeps its last counts; the next event or sign-in tries again.
      console.warn('GridDesk: could not count the running bots and cycles', error);
    }
  }

  function cancelTimer(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  return {
    start() {
      active = true;
      cancelTimer();
      void refresh();
    },
    stop() {
      active = false;
      sequence += 1;
      cancelTimer();
      report(null);
    },
    onEvent(event) {
      if (!active || !CHANGES_COUNTS.has(event.kind) || timer) return;
      timer = setTimeout(() => {
        timer = null;
        void refresh();
      }, settleMs);
    },
    get counts() {
      return counts;
    },
  };
}
