/**
 * Serves dist/renderer over app://griddesk/ with a strict CSP header. A custom privileged
 * scheme instead of file:// gives the page a real origin (checked by the IPC sender check)
 * and keeps every other local file out of reach.
 */
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from '../app-origin';
import { contentType, resolveUnder } from '../renderer-files';

export { APP_HOST, APP_INDEX_URL, APP_ORIGIN, APP_SCHEME } from '../app-origin';

export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd injects its CSS-in-JS styles at runtime.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  // The renderer has no network: everything goes through window.griddesk.
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        corsEnabled: true,
        codeCache: true,
      },
    },
  ]);
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return plain(404, 'Not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method Not Allowed');
    const file = resolveUnder(rendererDir, url.pathname);
    if (!file) return plain(404, 'Not found');
    try {
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': contentType(file),
          'Content-Security-Policy': APP_CSP,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return plain(404, 'Not found');
    }
  });
}
