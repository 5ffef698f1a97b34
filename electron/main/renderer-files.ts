/** Locating and typing the built renderer's files; shared by the app:// protocol and the preview. */
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export const contentType = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/** The file under `root` a URL path names, or null when it would leave `root`. */
export function resolveUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  // normalize() of an absolute path cannot climb above '/', and the prefix check below
  // catches anything that still would (backslashes on Windows).
  const relative = normalize(`/${decoded === '/' ? 'index.html' : decoded}`).replace(/^[/\\]+/, '');
  const file = join(root, relative);
  const prefix = root.endsWith(sep) ? root : root + sep;
  return file.startsWith(prefix) ? file : null;
}
