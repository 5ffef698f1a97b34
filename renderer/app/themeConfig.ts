/**
 * The antd theme of each GridDesk theme. Pure data: the ThemeProvider applies it, and the build
 * renders the same config to write antd's styles into a CSS file ahead of time
 * (build/antdStyles.tsx), so both must read it from here to produce the same style hashes.
 *
 * Every colour set here is a token antd emits as a CSS variable, so that file stays one file for
 * both themes. Text reads at 4.5:1 or more on each theme's page, card and popup backgrounds:
 * themeContrast.test.ts checks the pairs from this config, so a colour that breaks it fails.
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Theme } from '../../common/ipc/contract';
import { PNL_COLORS } from './pnlColors';

export const BRAND_COLOR = '#0f9d76';

/** Per theme: surfaces, and the brand green as text (3.4:1 on white as is, too low for text). */
const THEME_COLORS = {
  light: {
    surfaces: { colorBgLayout: '#f5f5f5', colorBgContainer: '#ffffff', colorBgElevated: '#ffffff' },
    brandText: '#0b7a5b',
    brandTextHover: '#086148',
    selectedBg: '#e6f4ef',
    mutedText: 'rgba(0,0,0,0.6)',
  },
  dark: {
    // Near-black with a cool tint rather than pure black, so cards and popups stand out from the
    // page. Set one by one: derived from a tinted colorBgBase, antd's surfaces turn navy.
    surfaces: {
      colorBgLayout: '#0d1117',
      colorBgContainer: '#161b22',
      colorBgElevated: '#1c2128',
      colorBorder: '#30363d',
      colorBorderSecondary: '#262c36',
    },
    brandText: '#3ccf9f',
    brandTextHover: '#6fe0bb',
    selectedBg: '#15392f',
    mutedText: 'rgba(255,255,255,0.6)',
  },
} as const satisfies Record<Theme, unknown>;

export function antdThemeConfig(theme: Theme): ThemeConfig {
  const c = THEME_COLORS[theme];
  const brandText = { itemSelectedColor: c.brandText, itemHoverColor: c.brandTextHover, itemActiveColor: c.brandText };
  return {
    algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: BRAND_COLOR,
      borderRadius: 8,
      ...c.surfaces,
      colorLink: c.brandText,
      colorLinkHover: c.brandTextHover,
      colorLinkActive: c.brandText,
      // antd's tertiary grey (descriptions, hints, empty states) is 3.4:1 in light, 4.4:1 in dark.
      colorTextTertiary: c.mutedText,
      colorTextDescription: c.mutedText,
      // Typography's success and danger text (a sponsor found, a reason in red): the P&L colours.
      colorSuccessText: PNL_COLORS[theme].up,
      colorErrorText: PNL_COLORS[theme].down,
    },
    components: {
      Menu: { itemSelectedColor: c.brandText, itemSelectedBg: c.selectedBg },
      Tabs: { ...brandText, inkBarColor: c.brandText },
      Pagination: { itemActiveColor: c.brandText, itemActiveColorHover: c.brandTextHover },
    },
  };
}
