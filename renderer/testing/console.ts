/**
 * console.error in the renderer tests, watched around every test by setup.ts (one place, instead
 * of a silencing spy copied into each page's test file).
 *
 * Pages log a failed fetch with console.error and show nothing else. A test of such a path calls
 * `expectConsoleErrors()` first: that test's console.error calls are then recorded quietly on the
 * mock it returns, for it to assert. In every other test a console.error is printed as usual, so
 * a real error is never hidden. The only calls dropped everywhere are the known reports below.
 */
import { afterEach, beforeEach, vi, type Mock, type MockInstance } from 'vitest';

/**
 * Known reports that say nothing a test needs: React's development build reports an error an
 * error boundary caught ("The above error occurred in the <Pie> component. React will try to
 * recreate this component tree from scratch using the error boundary you provided, ..."), and the
 * boundary (ChartErrorBoundary) logs the same error itself.
 */
const KNOWN_REPORTS: RegExp[] = [/The above error occurred in the <\w+> component\.[\s\S]*error boundary you provided/];

const isKnownReport = (args: unknown[]) => {
  const text = args.map((a) => (typeof a === 'string' ? a : '')).join(' ');
  return KNOWN_REPORTS.some((pattern) => pattern.test(text));
};

let logged: Mock<(...args: unknown[]) => void> = vi.fn();
let expecting = false;
let spy: MockInstance<typeof console.error> | null = null;

/** This test provokes errors the page logs: they are recorded quietly on the returned mock. */
export function expectConsoleErrors(): Mock<(...args: unknown[]) => void> {
  expecting = true;
  return logged;
}

/** Called once by the setup file: watches console.error around every test. */
export function watchConsoleErrors(): void {
  beforeEach(() => {
    logged = vi.fn();
    expecting = false;
    const print = console.error.bind(console);
    spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (isKnownReport(args)) return;
      logged(...args);
      if (!expecting) print(...args);
    });
  });
  afterEach(() => {
    // A test file's vi.restoreAllMocks() may have restored it already: restoring twice is harmless.
    spy?.mockRestore();
    spy = null;
  });
}
