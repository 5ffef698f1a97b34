/**
 * An antd dialog a test may act in: open, and done moving. While a Modal zooms open, its role=dialog
 * panel carries motion classes (`ant-zoom-appear`, `-enter`; `-leave` while it closes), and the zoom
 * starts paused at a fifth of the size, near the point of the click that opened it, until its active
 * class lands. On a loaded runner that paused first frame can last two animation frames: Playwright
 * finds a button there "stable", and by the time its mouse events arrive the dialog has grown, so the
 * click lands beside the button and nothing happens (bots.e2e's Stop & Sell, seen in CI: the dialog
 * still open, its buttons idle, no request made). A member's click comes after they see the dialog;
 * waiting for the motion to end makes the test's click come then too.
 */
import type { Locator, Page } from 'playwright-core';

/** No motion class on the element: the opening zoom has ended and no closing one has begun. */
export const MOTION_ENDED = ':not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])';

/** The open dialog once it stopped moving (a closing one no longer matches). */
export function settledDialog(page: Page): Locator {
  return page.getByRole('dialog').and(page.locator(MOTION_ENDED));
}
