/**
 * The preview's per-launch secret. The host acts as the signed-in member (every IPC channel)
 * and lists every member's mailed OTP, and any local process can open a socket to 127.0.0.1
 * and send the right Host header, so the Host/Origin checks alone are not enough.
 *
 * Each launch makes two random values (32 bytes each):
 * - the secret, which the browser carries as an HttpOnly SameSite=Strict cookie and every bridge
 *   call, event stream, notification and outbox request must present (403 otherwise);
 * - a one-time launch token, printed only to the terminal that ran `npm run preview` as
 *   `http://127.0.0.1:<port>/?launch=<token>`. Opening it sets the cookie and redirects to `/`.
 *
 * A bare GET / (or any page) never sets the cookie: a local process without the printed link
 * can load the page but gets neither the cookie nor an answer from the bridge. A used token is
 * dead at once, so a link seen later (browser history, scrollback) lets no one in, and a fresh
 * one is minted for the member's next browser. HttpOnly keeps the secret from page scripts,
 * SameSite=Strict from requests other sites trigger. The cookie is named after the port because
 * browsers do not separate cookies by port: two previews on one machine would otherwise
 * overwrite each other's.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const LAUNCH_PARAM = 'launch';

export interface PreviewSecret {
  /** The Set-Cookie value that lets this browser in. */
  readonly setCookie: string;
  /** Whether the request's Cookie header carries this launch's secret. */
  isCarriedBy(req: IncomingMessage): boolean;
  /** The launch token the next launch link carries. */
  launchToken(): string;
  /** Spends the token when it is the current one (and mints the next); false otherwise. */
  spendLaunchToken(candidate: string): boolean;
}

const randomToken = () => randomBytes(32).toString('base64url');

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Equal-length digests, so the comparison takes the same time whatever the candidate. */
export function sameSecret(candidate: string, secret: string): boolean {
  return timingSafeEqual(digest(candidate), digest(secret));
}

export const previewCookieName = (port: number) => `griddesk_preview_${port}`;

/** The values of every cookie called `name` in a Cookie header. */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}

/**
 * `npm run dev` only: the two values kept in the preview's folder across restarts, so the link
 * stays the same and a launched browser stays let in (dev-secret.ts). The link then works more
 * than once: acceptable on a developer's own machine, never in `npm start` or `npm run preview`.
 */
export interface KeptSecretValues {
  secret: string;
  token: string;
}

export const newSecretValues = (): KeptSecretValues => ({ secret: randomToken(), token: randomToken() });

export function createPreviewSecret(port: number, kept: KeptSecretValues | null = null): PreviewSecret {
  const secret = kept?.secret ?? randomToken();
  const name = previewCookieName(port);
  let token = kept?.token ?? randomToken();
  return {
    setCookie: `${name}=${secret}; Path=/; HttpOnly; SameSite=Strict`,
    isCarriedBy: (req) => cookieValues(req.headers.cookie, name).some((value) => sameSecret(value, secret)),
    launchToken: () => token,
    spendLaunchToken(candidate) {
      if (!sameSecret(candidate, token)) return false;
      if (!kept) token = randomToken();
      return true;
    },
  };
}
