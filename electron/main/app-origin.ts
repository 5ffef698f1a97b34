/**
 * The renderer's origin, app://griddesk (served by app/protocol.ts). Plain constants so the
 * Node-tested guards can use them without importing electron.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'griddesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * True for a URL of exactly our origin (no other host, port or user part), or of the development
 * renderer's origin when main loads it (dev-server.ts: never in a packaged app).
 */
export function isAppUrl(raw: string, devOrigin: string | null = null): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (devOrigin !== null && url.origin === devOrigin) return true;
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
}
