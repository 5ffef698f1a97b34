/** griddesk:// links -> renderer routes. Plain Node so it is tested without Electron. */

export const PROTOCOL = 'griddesk';

const TOKEN = /^[A-Za-z0-9._~-]{1,512}$/;

/**
 * `griddesk://resetpassword/<token>` -> `/resetpassword/<token>`. Anything else is ignored:
 * a link from a web page or a mail must not steer the app to an arbitrary route.
 */
export function deepLinkToPath(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${PROTOCOL}:`) return null;
  const parts = [url.hostname, ...url.pathname.split('/')].filter(Boolean);
  if (
    parts.length === 2 &&
    parts[0]?.toLowerCase() === 'resetpassword' &&
    TOKEN.test(parts[1] ?? '')
  ) {
    return `/resetpassword/${parts[1]}`;
  }
  return null;
}

/** The first deep link among command-line arguments (Windows and Linux pass it there). */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (arg.startsWith(`${PROTOCOL}:`)) {
      const path = deepLinkToPath(arg);
      if (path) return path;
    }
  }
  return null;
}
