import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { BRAND_COLOR } from '../app/theme';
import { authFrameStyles } from './authFrameStyles';

// The tokens the app's ThemeProvider gives antd, in each theme.
const tokenFor = (dark: boolean) =>
  theme.getDesignToken({
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: BRAND_COLOR, colorLink: BRAND_COLOR, borderRadius: 8 },
  });

describe('authFrameStyles', () => {
  it('draws the card as antd draws an outlined Card: container background, secondary border, large radius, body padding', () => {
    const token = tokenFor(false);
    const { card } = authFrameStyles(token);
    expect(card).toMatchObject({
      background: token.colorBgContainer,
      border: `1px solid ${token.colorBorderSecondary}`,
      borderRadius: token.borderRadiusLG,
      padding: 24,
      color: token.colorText,
      fontSize: 14,
    });
  });

  it('follows the dark theme: page, card and text colours change with the algorithm', () => {
    const light = authFrameStyles(tokenFor(false));
    const dark = authFrameStyles(tokenFor(true));
    expect(dark.page.background).not.toBe(light.page.background);
    expect(dark.card.background).not.toBe(light.card.background);
    expect(dark.title.color).not.toBe(light.title.color);
    expect(dark.note.color).toBe(tokenFor(true).colorTextDescription);
  });

  it('sizes the title as a level-3 heading and spaces the note as a paragraph', () => {
    const token = tokenFor(false);
    const styles = authFrameStyles(token);
    expect(styles.title).toMatchObject({
      fontSize: token.fontSizeHeading3,
      fontWeight: token.fontWeightStrong,
      marginTop: 0,
      marginBottom: '0.5em',
    });
    expect(styles.note.marginBottom).toBe('1em');
    expect(styles.paragraph.marginBottom).toBeUndefined();
  });
});
