/**
 * What main sets before Electron is ready: the app's name (it decides userData: development runs
 * would otherwise use "Electron"), the sandbox for every renderer, the app:// scheme, and the
 * same rules for every webContents, whoever creates it (no pop-ups, no leaving the app).
 */
import { join } from 'node:path';
import { app } from 'electron';
import { developmentRendererOrigin } from '../dev-server';
import { guardWebContents } from '../web-contents-guard';
import { registerAppScheme } from './protocol';

/** Returns the development renderer's origin (npm run dev: Vite's dev server), never one in a packaged app. */
export function prepareApp(env: Record<string, string | undefined>): string | null {
  app.setName('GridDesk');
  app.setPath('userData', join(app.getPath('appData'), 'GridDesk'));
  app.enableSandbox();
  const devOrigin = developmentRendererOrigin(env, app.isPackaged);
  registerAppScheme();
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, { isPackaged: app.isPackaged, devOrigin }));
  return devOrigin;
}
