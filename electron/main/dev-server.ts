/**
 * `npm run dev`: main loads the renderer from Vite's dev server (hot reload) instead of
 * app://griddesk. Only an unpackaged run reads VITE_DEV_SERVER_URL, and only a loopback http
 * origin: an installed app must never be pointed at other code by an environment variable.
 */
export const DEV_SERVER_ENV = 'VITE_DEV_SERVER_URL';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The dev server's origin (http://127.0.0.1:5174), or null: packaged, unset or not loopback http. */
export function developmentRendererOrigin(env: Record<string, string | undefined>, isPackaged: boolean): string | null {
  if (isPackaged) return null;
  const raw = env[DEV_SERVER_ENV]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname) || url.username || url.password) return null;
  return url.origin;
}
