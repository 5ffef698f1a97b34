/**
 * What antd's Layout, Card and Typography drew on the public screens, from the same theme tokens
 * (so both themes look as before). Why not the components: the login route is the first thing
 * the app loads, and there Card brought antd's Tabs, Dropdown and Menu (for card tabs nobody
 * uses), Layout its Sider, and Typography its Tooltip, TextArea and copy helpers: about 30 KB of
 * gzipped JavaScript for a box, a heading and two lines of text.
 */
import type { GlobalToken } from 'antd';
import type { CSSProperties } from 'react';

export type AuthFrameToken = Pick<
  GlobalToken,
  | 'colorBgLayout'
  | 'colorBgContainer'
  | 'colorBorderSecondary'
  | 'colorText'
  | 'colorTextDescription'
  | 'colorTextHeading'
  | 'borderRadiusLG'
  | 'lineWidth'
  | 'lineType'
  | 'paddingLG'
  | 'fontFamily'
  | 'fontSize'
  | 'lineHeight'
  | 'fontSizeHeading3'
  | 'lineHeightHeading3'
  | 'fontWeightStrong'
>;

export interface AuthFrameStyles {
  /** Layout: the page behind the card. */
  page: CSSProperties;
  /** Card (outlined) with its body's padding. */
  card: CSSProperties;
  /** Typography.Title level 3. */
  title: CSSProperties;
  /** Typography.Paragraph type="secondary". */
  note: CSSProperties;
  /** Typography.Text type="secondary". */
  secondaryText: CSSProperties;
  /** Typography.Paragraph. */
  paragraph: CSSProperties;
}

export function authFrameStyles(token: AuthFrameToken): AuthFrameStyles {
  const text: CSSProperties = { lineHeight: token.lineHeight, wordBreak: 'break-word' };
  return {
    page: { display: 'flex', flexDirection: 'column', background: token.colorBgLayout },
    card: {
      position: 'relative',
      boxSizing: 'border-box',
      padding: token.paddingLG,
      color: token.colorText,
      fontSize: token.fontSize,
      lineHeight: token.lineHeight,
      fontFamily: token.fontFamily,
      background: token.colorBgContainer,
      border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
      borderRadius: token.borderRadiusLG,
    },
    title: {
      ...text,
      marginTop: 0,
      marginBottom: '0.5em',
      color: token.colorTextHeading,
      fontWeight: token.fontWeightStrong,
      fontSize: token.fontSizeHeading3,
      lineHeight: token.lineHeightHeading3,
    },
    note: { ...text, marginBottom: '1em', color: token.colorTextDescription },
    secondaryText: { ...text, color: token.colorTextDescription },
    paragraph: { ...text, color: token.colorText },
  };
}
