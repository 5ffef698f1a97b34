/** Where the bundled app finds its files, in development (dist/) and packaged (app.asar). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/electron: this module is bundled into dist/electron/main.js. */
export const bundleDir = dirname(fileURLToPath(import.meta.url));

export const preloadPath = join(bundleDir, 'preload.cjs');
export const rendererDir = join(bundleDir, '..', 'renderer');

/** Packaged: copied to resources/ by electron-builder (extraResources); dev: the repo's build/. */
export function iconPath(isPackaged: boolean, resourcesPath: string, file = 'icon.png'): string {
  return isPackaged ? join(resourcesPath, 'icons', file) : join(bundleDir, '..', '..', 'build', 'icons', file);
}
