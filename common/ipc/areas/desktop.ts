/** Channels main answers locally: desktop settings and app information. */
import * as yup from 'yup';
import { emptyPayload as empty, type Empty, type PayloadSchemas } from './shared';

export type Theme = 'light' | 'dark';

export interface AppInfo {
  version: string;
  platform: string;
  /** `electron` inside the desktop app, `preview` in the browser preview and e2e tests. */
  mode: 'electron' | 'preview';
  serverUrl: string;
}

export interface DesktopSettings {
  theme: Theme;
}

export interface DesktopChannels {
  'settings:get': { payload: Empty; result: DesktopSettings };
  'settings:setTheme': { payload: { theme: Theme }; result: DesktopSettings };
  'app:info': { payload: Empty; result: AppInfo };
}

export const desktopPayloadSchemas: PayloadSchemas<DesktopChannels> = {
  'settings:get': empty,
  'settings:setTheme': yup.object({ theme: yup.mixed<Theme>().oneOf(['light', 'dark']).defined() }).noUnknown(true),
  'app:info': empty,
};
