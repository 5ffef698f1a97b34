/** griddesk:// links -> renderer routes. Plain Node so it is tested without Electron. */
import { routePath } from '../../common/routes';

export const PROTOCOL = 'griddesk';

const TOKEN = /^[A-Za-z0-9._~-]{1,512}$/;
/** A bot's id (a UUID today; any short id-like text tomorrow). */
const BOT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The links the app opens, by their first segment: the one value each takes must look like what
 * it names. Anything else is ignored: a link from a web page or a mail must not steer the app
 * to an arbitrary route.
 */
const LINKS: Record<string, (value: string) => string | null> = {
  // griddesk://resetpassword/<token>: the link of the reset mail (server/mail/templates.ts).
  resetpassword: (token) => (TOKEN.test(token) ? routePath('resetPassword', { token }) : null),
  // griddesk://running-bot/<id>: a bot's page (signed out, login comes first and returns there).
  'running-bot': (id) => (BOT_ID.test(id) ? routePath('runningBot', { id }) : null),
};

/** `griddesk://resetpassword/<token>` -> `/resetpassword/<token>`; null for anything else. */
export function deepLinkToPath(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${PROTOCOL}:` || url.search || url.username || url.password || url.port) return null;
  const parts = [url.hostname, ...url.pathname.split('/')].filter(Boolean);
  if (parts.length !== 2) return null;
  const [name, value] = parts as [string, string];
  const open = Object.hasOwn(LINKS, name.toLowerCase()) ? LINKS[name.toLowerCase()] : undefined;
  return open ? open(value) : null;
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
