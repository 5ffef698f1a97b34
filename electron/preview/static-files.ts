import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { contentType, resolveUnder } from '../main/renderer-files';
import { BRIDGE_PATH } from './bridge-script';

/** Inserts the bridge before the first script so window.griddesk exists when the app starts. */
export function injectBridge(html: string): string {
  const tag = `<script src="${BRIDGE_PATH}"></script>`;
  const first = html.search(/<script\b/i);
  if (first >= 0) return `${html.slice(0, first)}${tag}\n    ${html.slice(first)}`;
  const head = html.search(/<\/head>/i);
  return head >= 0 ? `${html.slice(0, head)}${tag}\n${html.slice(head)}` : `${tag}\n${html}`;
}

export interface StaticFile {
  body: Buffer | string;
  type: string;
  /** index.html, the app's page: only a launched browser gets it (launch-secret.ts). */
  isPage: boolean;
}

/** index.html (with the bridge) for `/` and extension-less routes, else the asset, else null. */
export async function loadStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  const asRoute = urlPath === '/' || extname(urlPath) === '';
  const file = resolveUnder(root, asRoute ? '/index.html' : urlPath);
  if (!file) return null;
  try {
    const body = await readFile(file);
    if (file === join(root, 'index.html'))
      return { body: injectBridge(body.toString('utf8')), type: contentType(file), isPage: true };
    return { body, type: contentType(file), isPage: false };
  } catch {
    return null;
  }
}
