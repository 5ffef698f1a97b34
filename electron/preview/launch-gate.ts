/**
 * Where the preview host applies its launch secret (launch-secret.ts explains the design): the
 * launch link, and the 403 for whatever a browser without the cookie asks for.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BRIDGE_PATH, EVENTS_PATH, INVOKE_PATH, NOTIFICATIONS_PATH } from './bridge-script';
import { LAUNCH_PARAM, type PreviewSecret } from './launch-secret';
import { lockedMessage, lockedPage } from './locked-page';
import { send, sendJson } from './respond';
import { setSecurityHeaders } from './security';

/**
 * 403 for a request without the launch cookie: JSON for the bridge, a page for a browser tab,
 * both naming `command`, the one that printed the launch link.
 */
export function refuseUnlaunched(res: ServerResponse, path: string, command?: string): void {
  if (path === INVOKE_PATH || path === EVENTS_PATH || path.startsWith(NOTIFICATIONS_PATH))
    return sendJson(res, 403, { message: lockedMessage(command) });
  send(res, 403, 'text/html; charset=utf-8', lockedPage(command));
}

/**
 * GET /?launch=<token>: the current token sets the cookie; a browser that already has it just
 * goes on to the app; anything else is refused without a cookie.
 */
export function openLaunchLink(
  req: IncomingMessage,
  res: ServerResponse,
  secret: PreviewSecret,
  launched: () => void,
  command?: string,
): void {
  const spent = secret.spendLaunchToken(new URL(req.url ?? '/', 'http://host').searchParams.get(LAUNCH_PARAM) ?? '');
  if (!spent && !secret.isCarriedBy(req)) return refuseUnlaunched(res, '/', command);
  setSecurityHeaders(res);
  if (spent) res.setHeader('Set-Cookie', secret.setCookie);
  // 303 to a clean URL: the spent token leaves the address bar (and no-referrer keeps it home).
  res.writeHead(303, { Location: '/', 'Cache-Control': 'no-store' });
  res.end();
  if (spent) launched();
}

/** The bridge script is the public build like the assets; every other /__griddesk path is the member's. */
export const needsLaunch = (path: string) => path.startsWith('/__griddesk/') && path !== BRIDGE_PATH;
