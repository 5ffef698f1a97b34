/**
 * Quitting, and closing the window. With the embedded server, bots and cycles run inside this
 * app, so quitting pauses them: the member is asked first (unless none runs). Closing the
 * window only hides it while a tray icon keeps the app reachable, so notifications keep coming.
 * Pure decisions plus a small state machine the glue drives from `before-quit`.
 */
import { DESKTOP_TEXT } from '../../../common/messages';
import type { LiveCounts } from '../ports/types';

export interface QuitQuestion {
  message: string;
  detail: string;
  /** [quit, keep running]: the answer is the index. */
  buttons: [string, string];
}

/**
 * The question to ask before quitting, or null to quit at once: a remote server keeps the bots
 * running without this app, and a member known to run none loses nothing. Unknown counts
 * (signed out, or not fetched yet) still ask: the embedded engine runs every member's bots.
 */
export function quitQuestion(input: { embedded: boolean; counts: LiveCounts | null }): QuitQuestion | null {
  if (!input.embedded) return null;
  const { counts } = input;
  if (counts && counts.bots === 0 && counts.cycles === 0) return null;
  return {
    message: DESKTOP_TEXT.quit.message,
    detail: DESKTOP_TEXT.quit.detail(counts?.bots ?? null, counts?.cycles ?? null),
    buttons: [DESKTOP_TEXT.quit.quit, DESKTOP_TEXT.quit.cancel],
  };
}

/** What closing the window does: hide it while the app is not quitting and a tray holds it. */
export function closeHidesWindow(input: { quitting: boolean; hasTray: boolean }): boolean {
  return !input.quitting && input.hasTray;
}

export interface QuitFlowOptions {
  question(): QuitQuestion | null;
  /** Shows the question; true to quit. */
  ask(question: QuitQuestion): Promise<boolean>;
  /** Stops the feeds and closes the embedded server (engine, database). */
  shutdown(): Promise<void>;
  /** Asks the app to quit again (app.quit()); the next before-quit lets it through. */
  quit(): void;
}

export interface QuitFlow {
  /** For `before-quit`: true lets the quit proceed, false means the event must be prevented. */
  beforeQuit(): boolean;
  /**
   * The member already agreed to quit elsewhere (an updater's "restart into the update"): the
   * next quit closes the server without asking.
   */
  skipQuestion(): void;
  /** From a confirmed quit on: windows close instead of hiding. */
  readonly quitting: boolean;
}

type QuitState = 'running' | 'asking' | 'closing' | 'closed';

export function createQuitFlow(options: QuitFlowOptions): QuitFlow {
  let state: QuitState = 'running';
  let agreed = false;

  function close(): void {
    state = 'closing';
    options
      .shutdown()
      .catch((error: unknown) => console.error('GridDesk: closing the platform server failed', error))
      .finally(() => {
        state = 'closed';
        options.quit();
      });
  }

  return {
    beforeQuit() {
      if (state === 'closed') return true;
      if (state !== 'running') return false;
      const question = agreed ? null : options.question();
      if (!question) {
        close();
        return false;
      }
      state = 'asking';
      options.ask(question).then(
        (quit) => (quit ? close() : void (state = 'running')),
        (error: unknown) => {
          console.error('GridDesk: the quit question failed', error);
          state = 'running';
        },
      );
      return false;
    },
    skipQuestion() {
      agreed = true;
    },
    get quitting() {
      return state === 'closing' || state === 'closed';
    },
  };
}
