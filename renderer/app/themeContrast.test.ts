/**
 * Every text colour the themes set, on every background it sits on, from the same config objects
 * the app applies: a colour changed so that it reads below 4.5:1 (WCAG AA, normal text) fails here.
 */
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import type { Theme } from '../../common/ipc/contract';
import { contrastRatio } from './contrast';
import { PNL_COLORS } from './pnlColors';
import { antdThemeConfig } from './themeConfig';

const AA = 4.5;
const THEMES: readonly Theme[] = ['light', 'dark'];

/** What the app's ConfigProvider computes from the theme config: the values of antd's CSS variables. */
function resolved(theme: Theme) {
  const config = antdThemeConfig(theme);
  const token = antdTheme.getDesignToken(config);
  // The component tokens the theme sets; an unset one falls back below to antd's default for it.
  const { Menu: menu = {}, Tabs: tabs = {}, Pagination: pagination = {}, Button: button = {} } = config.components ?? {};
  return { token, menu, tabs, pagination, button };
}

/** [what, text colour, background, background's name] for one theme. */
function pairs(theme: Theme): [string, string, string, string][] {
  const { token, menu, tabs, pagination, button } = resolved(theme);
  const backgrounds = { page: token.colorBgLayout, card: token.colorBgContainer, popup: token.colorBgElevated };
  const onEveryBackground: Record<string, string> = {
    'up (profit, BUY)': PNL_COLORS[theme].up,
    'down (loss, SELL)': PNL_COLORS[theme].down,
    colorText: token.colorText,
    colorTextSecondary: token.colorTextSecondary,
    colorTextTertiary: token.colorTextTertiary,
    colorTextDescription: token.colorTextDescription,
    colorLink: token.colorLink,
    colorLinkHover: token.colorLinkHover,
    'success text': token.colorSuccessText,
    'danger text': token.colorErrorText,
    // Form errors, and danger outline and link buttons (Delete, Stop on a cycle card) at rest, hovered, pressed.
    colorError: token.colorError,
    colorErrorHover: token.colorErrorHover,
    colorErrorActive: token.colorErrorActive,
  };
  const all: [string, string, string, string][] = [];
  for (const [what, text] of Object.entries(onEveryBackground)) {
    for (const [where, background] of Object.entries(backgrounds)) all.push([what, text, background, where]);
  }
  expect(menu.itemSelectedColor, 'the theme sets the active menu item\u2019s colours').toBeDefined();
  expect(menu.itemSelectedBg).toBeDefined();
  all.push(['active menu item', menu.itemSelectedColor!, menu.itemSelectedBg!, 'its highlight']);
  all.push(['selected tab', tabs.itemSelectedColor ?? token.colorPrimary, token.colorBgContainer, 'card']);
  all.push([
    'current page number',
    pagination.itemActiveColor ?? token.colorPrimary,
    pagination.itemActiveBg ?? token.colorBgContainer,
    'card',
  ]);
  // Filled buttons (Login, Save, Stop): their text on the fill at rest, hovered and pressed.
  const primaryText = button.primaryColor ?? token.colorTextLightSolid;
  const dangerText = button.dangerColor ?? token.colorTextLightSolid;
  for (const [state, fill] of Object.entries({
    rest: token.colorPrimary,
    hovered: token.colorPrimaryHover,
    pressed: token.colorPrimaryActive,
  })) {
    all.push([`primary button text, ${state}`, primaryText, fill, 'its fill']);
  }
  for (const [state, fill] of Object.entries({
    rest: token.colorError,
    hovered: token.colorErrorHover,
    pressed: token.colorErrorActive,
  })) {
    all.push([`danger button text, ${state}`, dangerText, fill, 'its fill']);
  }
  // A default button (Cancel) takes on the primary's colour when hovered and pressed.
  for (const [where, background] of Object.entries({ card: token.colorBgContainer, popup: token.colorBgElevated })) {
    all.push(['default button text, hovered', button.defaultHoverColor ?? token.colorPrimaryHover, background, where]);
    all.push(['default button text, pressed', button.defaultActiveColor ?? token.colorPrimaryActive, background, where]);
  }
  // styles.css gives an empty table's row ('No Records Found.') the description colour.
  all.push(["'No Records Found.'", token.colorTextDescription, token.colorBgContainer, 'card']);
  return all;
}

describe.each(THEMES)('the %s theme', (theme) => {
  it.each(pairs(theme))('%s (%s) reads at 4.5:1 or more on %s (%s)', (_what, text, background) => {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(AA);
  });
});

describe('the dark theme\u2019s page', () => {
  const { token } = resolved('dark');

  it('is near-black, not pure black', () => {
    expect(token.colorBgLayout.toLowerCase()).not.toMatch(/^#0{3}(0{3})?$/);
    expect(contrastRatio(token.colorBgLayout, '#000000')).toBeLessThan(1.25);
  });
});
