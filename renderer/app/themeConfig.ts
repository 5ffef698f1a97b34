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
import { PNL_COLORS } from './pnlColors.ts';

export const BRAND_COLOR = '#0f9d76';

/**
 * Per theme: the brand green as text (as is, 3.4:1 on white, too low for text) and its hover,
 * the active menu item's highlight, the grey of descriptions and hints, and in dark the surfaces:
 * near-black with a cool tint rather than pure black, so cards and popups stand out from the
 * page (set one by one: derived from a tinted colorBgBase, antd's surfaces turn navy).
 *
 * Filled buttons: the brand green itself carries white text at 3.4:1 and antd's red at 3.3:1, so
 * `fills` sets greens and reds that do (antd's hover is lighter, too light: it is set as well).
 * The red is also outline buttons' and form errors' text, on the page. In light one red (the
 * down colour) reads both ways; in dark no red does, so dark follows Material's dark theme: a
 * light red, with near-black text on the filled danger button.
 */
const THEME_COLORS = {
  light: {
    link: '#0b7a5b',
    linkHover: '#086148',
    selectedBg: '#e6f4ef',
    muted: 'rgba(0,0,0,0.6)',
    surfaces: {},
    fills: {
      colorPrimary: '#0b7a5b',
      colorPrimaryHover: '#1a8363',
      colorError: PNL_COLORS.light.down,
      colorErrorHover: '#ad1a26',
    },
  },
  dark: {
    link: '#3ccf9f',
    linkHover: '#6fe0bb',
    selectedBg: '#15392f',
    muted: 'rgba(255,255,255,0.6)',
    surfaces: { colorBgLayout: '#0d1117', colorBgContainer: '#161b22', colorBgElevated: '#1c2128' },
    // Seeds: antd's dark algorithm turns them into #0f8363 and #dc6666.
    fills: { colorPrimary: '#0e9671', colorPrimaryHover: '#0c7256', colorError: '#ff7474', colorErrorActive: '#dc6666' },
  },
} as const satisfies Record<Theme, unknown>;

export function antdThemeConfig(theme: Theme): ThemeConfig {
  const c = THEME_COLORS[theme];
  const { link, linkHover } = c;
  // Dark: near-black text on the filled danger button, and a default button's hover and press
  // text (by default the primary's, too dark on the page) in the link's greens.
  const button =
    theme === 'dark'
      ? {
          dangerColor: '#0d1117',
          defaultHoverColor: link,
          defaultHoverBorderColor: link,
          defaultActiveColor: linkHover,
          defaultActiveBorderColor: linkHover,
        }
      : {};
  return {
    algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      borderRadius: 8,
      ...c.surfaces,
      ...c.fills,
      colorLink: link,
      colorLinkHover: linkHover,
      // antd's tertiary grey (descriptions, hints, empty states) is 3.4:1 in light, 4.4:1 in dark.
      colorTextTertiary: c.muted,
      colorTextDescription: c.muted,
      // Typography's success and danger text (a sponsor found, a reason in red): the P&L colours.
      colorSuccessText: PNL_COLORS[theme].up,
      colorErrorText: PNL_COLORS[theme].down,
    },
    components: {
      Button: button,
      Menu: { itemSelectedColor: link, itemSelectedBg: c.selectedBg },
      Tabs: { itemSelectedColor: link },
      Pagination: { itemActiveColor: link },
    },
  };
}
