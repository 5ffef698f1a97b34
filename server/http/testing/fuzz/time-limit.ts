/**
 * Every fuzz request must answer within a time limit (issue 34: one request once pinned the
 * process and every member's bots with it). The request races a timer; the timer's failure names
 * the request. A synchronous endless loop holds the event loop, so no timer fires: then the
 * test's own timeout is what fails (the limit catches every hang that leaves the loop free:
 * a lock never released, a promise never settled, a retry without end).
 */

/** Each request of the fuzz answers within this, or the test fails naming it. */
export const REQUEST_TIME_LIMIT_MS = 10_000;

export class RequestTimedOut extends Error {
  override name = 'RequestTimedOut';
}

/** `work`'s result, or a RequestTimedOut naming `what()` once `limitMs` passed without one. */
export async function withinTimeLimit<T>(work: Promise<T>, what: () => string, limitMs = REQUEST_TIME_LIMIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestTimedOut(`no answer within ${limitMs} ms: ${what()}`)), limitMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
