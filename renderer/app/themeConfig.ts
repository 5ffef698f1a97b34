/**
 * The antd theme of each GridDesk theme. Pure data: the ThemeProvider applies it, and the build
 * renders the same config to write antd's styles into a CSS file ahead of time
 * (build/antdStyles.tsx), so both must read it from here to produce the same style hashes.
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Theme } from '../../common/ipc/contract';

export const BRAND_COLOR = '#0f9d76';

export function antdThemeConfig(theme: Theme): ThemeConfig {
  return {
    algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: BRAND_COLOR, colorLink: BRAND_COLOR, borderRadius: 8 },
  };
}
