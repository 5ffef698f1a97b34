/**
 * A click whose effect is waited for, clicked again while the effect has not come. Chromium on
 * a loaded two-core runner sometimes loses a click on an antd overlay (a dropdown item, a
 * modal's button) that Playwright found visible and stable a moment before: the overlay was
 * re-aligned or re-rendered between Playwright's hit test and the mouse events, and the click
 * landed beside it. A member would click again; so does this, for actions that are safe to
 * repeat (navigating, agreeing), and it says so on the test output, so a click that keeps
 * getting lost still shows up.
 */
export interface ClickUntilOptions {
  /** What the click is for, in the warning. */
  what: string;
  /** How long one click gets to show its effect before the next (a normal one needs < 1 s). */
  patienceMs?: number;
  /** How long all tries together may take. */
  timeoutMs?: number;
}

export async function clickUntil(
  click: (attempt: number) => Promise<unknown>,
  effect: (timeoutMs: number) => Promise<unknown>,
  { what, patienceMs = 5_000, timeoutMs = 30_000 }: ClickUntilOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    await click(attempt);
    const left = deadline - Date.now();
    try {
      await effect(Math.max(1, Math.min(patienceMs, left)));
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      console.warn(`[e2e] ${what}: no effect ${patienceMs / 1000} s after click ${attempt}; clicking again`);
    }
  }
}
