/**
 * What a data screen says while its data loads, when there is none and when it could not be
 * read. Never a placeholder figure: a zero or 'Pending' shown before the data is known reads as a
 * fact, so a screen shows a skeleton, this empty note or this error instead.
 */
export const STATE_LABELS = {
  loading: 'Loading...',
  empty: 'Nothing to show yet.',
  loadFailed: 'This could not be loaded.',
  loadFailedHint: 'Check your connection, then try again.',
  retry: 'Retry',
  retrying: 'Retrying...',
  /** Beside a pair whose live price could not be read (the refresh button asks again). */
  priceFailed: 'not available, refresh to try again',
  /** A refresh failed after a success: the figures on screen are the last ones read. */
  stale: (time: string) => `Could not refresh. Showing what was read at ${time}.`,
} as const;
