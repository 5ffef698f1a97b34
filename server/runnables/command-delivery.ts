/**
 * How member commands travel, for both sides: the API queues a command and waits for its answer;
 * the engine that holds the runnable hears it, applies it and answers. One mechanism: the
 * database's LISTEN/NOTIFY (a notification sent in the transaction that writes the row, so it
 * arrives once the row is there to read), with polling as the fallback whenever notifications
 * cannot be trusted: no feed, a feed not listening yet, or a listening connection lost (its gap).
 *
 * PostgreSQL delivers notifications to every process; PGlite is one process, and its in-process
 * listen hears the notifications of its own transactions once they commit, so on both an API and
 * an engine in one process hear each other. A listener always reads the table once as it starts
 * (a notification sent before it listened is not lost) and after every gap.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { NotificationFeed } from '../db/notifications';

/** A command was queued: the engines look for work. */
export const COMMAND_QUEUED_CHANNEL = 'runnable_command_queued';
/** A command was answered; the payload is the command's id. */
export const COMMAND_ANSWERED_CHANNEL = 'runnable_command_answered';

/** Sends the notification with the transaction `tx` (delivered when it commits). */
export async function notifyCommand(
  tx: Db,
  channel: typeof COMMAND_QUEUED_CHANNEL | typeof COMMAND_ANSWERED_CHANNEL,
  payload = '',
): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

export interface CommandSignal {
  /** Runs the check again (the engine: a command it could not apply yet, a runnable just taken on). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Calls `check` whenever there may be news on `channel`: on each notification (with its payload),
 * once when it starts, once when a lost connection listens again, and every `pollMs` (with
 * null) while notifications cannot be trusted. `check` runs one at a time; a signal during a
 * run asks for one more run after it.
 */
/**
 * Runs `check` one call at a time: a call while one runs is kept, and after it one run answers
 * them all unless each names its own payload. Once stopped, nothing more runs.
 */
function serialChecks(check: (payload: string | null) => Promise<void>) {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again: (string | null)[] = [];
  const run = (payload: string | null): void => {
    if (stopped) return;
    if (running) {
      again.push(payload);
      return;
    }
    running = check(payload)
      .catch(() => undefined)
      .finally(() => {
        running = null;
        const next = again;
        again = [];
        for (const p of new Set(next)) run(p);
      });
  };
  return {
    run,
    get stopped() {
      return stopped;
    },
    /** Stops further runs; resolves once the one under way ended. */
    async stop(): Promise<void> {
      stopped = true;
      await running;
    },
  };
}

/** A tick every `everyMs` while switched on (and never once `isStopped`). */
function pollWhile(everyMs: number, tick: () => void, isStopped: () => boolean) {
  let poll: NodeJS.Timeout | null = null;
  return (on: boolean): void => {
    if (on && !poll && !isStopped()) {
      poll = setInterval(tick, everyMs);
      poll.unref();
    } else if (!on && poll) {
      clearInterval(poll);
      poll = null;
    }
  };
}

export function followCommandSignal(
  feed: NotificationFeed | undefined,
  channel: string,
  pollMs: number,
  check: (payload: string | null) => Promise<void>,
): CommandSignal {
  const checks = serialChecks(check);
  const run = checks.run;
  const polling = pollWhile(
    pollMs,
    () => run(null),
    () => checks.stopped,
  );

  polling(true);
  const listening = feed
    ?.listen(channel, {
      onMessage: (payload) => run(payload),
      onGap: (listens) => {
        polling(!listens);
        if (listens) run(null); // what was answered during the gap
      },
    })
    .then(
      (l) => {
        if (l.listening) polling(false);
        run(null); // what happened before it listened
        return l;
      },
      () => null,
    );
  if (!feed) run(null);

  return {
    wake: () => run(null),
    async stop() {
      const ended = checks.stop();
      polling(false);
      await (await listening)?.stop();
      await ended;
    },
  };
}

export interface CommandWait {
  /** How often the answer is looked up while notifications cannot be trusted (no feed, a gap). */
  intervalMs: number;
  timeoutMs: number;
}

/** Commands reach the engine within 1 s (issue 8); 5 s covers a busy engine. */
export const DEFAULT_COMMAND_WAIT: CommandWait = { intervalMs: 50, timeoutMs: 5_000 };

/**
 * The API's wait for the engine's answer to command `id`, whatever runnable it is for: woken by
 * the engine's answer notification (or polling while notifications cannot be trusted), reading
 * the answer with `answerOf` (the command's table is the runnable's). The result the engine
 * recorded ('ok' when applied), or null while it is still unapplied after the wait.
 */
export function awaitCommandAnswer(
  feed: NotificationFeed | undefined,
  id: string,
  answerOf: () => Promise<string | null>,
  wait: CommandWait = DEFAULT_COMMAND_WAIT,
): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void signal.stop();
      resolve(answer);
    };
    // At the deadline, one last look: an answer that came with the deadline still counts.
    const deadline = setTimeout(() => void answerOf().then(finish, () => finish(null)), wait.timeoutMs);
    const signal = followCommandSignal(feed, COMMAND_ANSWERED_CHANNEL, wait.intervalMs, async (answered) => {
      if (settled || (answered !== null && answered !== id)) return;
      const answer = await answerOf();
      if (answer !== null) finish(answer);
    });
  });
}
