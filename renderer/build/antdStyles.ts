/**
 * antd's component styles written ahead of time, for both themes, into one CSS file the page
 * links before any script runs.
 *
 * Why: antd 6 builds each component's CSS in the browser the first time the component renders
 * (style objects, then stylis), and on the login screen that was the largest single cost before
 * the form could take input. @ant-design/cssinjs reads a map of the styles a CSS file already
 * holds (its `data-ant-cssinjs-cache-path` rule) and skips building those. A style missing from
 * the file is still built at run time, so the file only ever saves work, it never changes a
 * look: every entry is keyed by the theme's token hash, so a stale or partial file is ignored.
 *
 * This renders, on the server side of React, each antd component the screens use, in the same
 * ConfigProvider nesting and theme configs as the app (app/themeConfig.ts), and extracts the
 * styles they registered. Popups (menus, selects' lists, tooltips, modals) render into portals,
 * which a server render leaves out: theirs are still built when first opened.
 *
 * Loaded by vite.config.ts at build time through Node's require, so antd, React and cssinjs are
 * the one CommonJS copy of each (antd/lib and @ant-design/cssinjs/lib share their style cache).
 */
import { createRequire } from 'node:module';
import type * as Antd from 'antd';
import type * as Cssinjs from '@ant-design/cssinjs';
import type * as React from 'react';
import type { ReactElement, ReactNode } from 'react';
import type { Theme } from '../../common/ipc/contract';
import { antdThemeConfig } from '../app/themeConfig.ts';

const require = createRequire(import.meta.url);

type H = typeof React.createElement;

/** The form controls and buttons of the sign-in, start and wallet screens. */
function formCatalogue({ Button, Form, Input, InputNumber, Select, Switch }: typeof Antd, h: H): ReactNode[] {
  return [
    h(
      Form,
      { key: 'form', layout: 'vertical', requiredMark: false },
      h(Form.Item, { label: 'Email', name: 'email', validateStatus: 'error', help: 'x' }, h(Input, null)),
      h(Form.Item, { label: 'Password', name: 'password' }, h(Input.Password, null)),
      h(Form.Item, { label: 'Note', name: 'note' }, h(Input.TextArea, null)),
      h(Form.Item, { label: 'Amount', name: 'amount' }, h(InputNumber, null)),
      h(Form.Item, { label: 'Pair', name: 'pair' }, h(Select, { options: [{ value: 'a', label: 'a' }] })),
      h(Form.Item, { label: 'Code', name: 'code' }, h(Input.OTP, null)),
      h(Form.Item, { label: 'Search', name: 'search' }, h(Input.Search, null)),
    ),
    h(Button, { key: 'b1', type: 'primary', block: true, size: 'large' }, 'a'),
    h(Button, { key: 'b2' }, 'a'),
    h(Button, { key: 'b3', type: 'link' }, 'a'),
    h(Button, { key: 'b4', type: 'text', danger: true }, 'a'),
    h(Switch, { key: 'switch' }),
  ];
}

/** What the screens show their data in: text, cards, tables, tags, states. */
function displayCatalogue(antd: typeof Antd, h: H): ReactNode[] {
  const { Alert, Avatar, Badge, Card, Descriptions, Empty, Progress, Result, Skeleton, Spin, Table, Tag, Typography } = antd;
  const rows = [{ key: '1', pair: 'BTCUSDT', amount: '10' }];
  const columns = [
    { title: 'Pair', dataIndex: 'pair' },
    { title: 'Amount', dataIndex: 'amount' },
  ];
  return [
    h(Spin, { key: 'spin', size: 'large' }),
    h(Typography.Title, { key: 'title', level: 3 }, 'a'),
    h(Typography.Text, { key: 'text', type: 'secondary' }, 'a'),
    h(Typography.Paragraph, { key: 'paragraph' }, 'a'),
    h(Typography.Link, { key: 'link' }, 'a'),
    h(Card, { key: 'card', title: 'a', size: 'small' }, 'a'),
    h(Table, { key: 'table', size: 'small', dataSource: rows, columns, pagination: { pageSize: 10 } }),
    h(Table, { key: 'empty-table', dataSource: [], columns: [{ title: 'Pair', dataIndex: 'pair' }] }),
    h(Tag, { key: 'tag', color: 'green' }, 'a'),
    h(Badge, { key: 'badge', status: 'success', text: 'a' }),
    h(Alert, { key: 'alert', type: 'warning', showIcon: true, title: 'a' }),
    h(Empty, { key: 'empty' }),
    h(Skeleton, { key: 'skeleton', active: true }),
    h(Descriptions, { key: 'descriptions', bordered: true, items: [{ key: 'a', label: 'a', children: 'a' }] }),
    h(Progress, { key: 'progress', percent: 50 }),
    h(Result, { key: 'result', status: 'success', title: 'a' }),
    h(Avatar, { key: 'avatar' }, 'a'),
  ];
}

/** The frame and the arrangements: the signed-in layout with its menu, grids, tabs. */
function layoutCatalogue({ Col, Flex, Layout, Menu, Row, Segmented, Space, Tabs }: typeof Antd, h: H): ReactNode[] {
  return [
    h(Row, { key: 'row', gutter: 16 }, h(Col, { span: 12 }, 'a')),
    h(Space, { key: 'space' }, 'a', 'b'),
    h(Flex, { key: 'flex', gap: 8 }, 'a'),
    h(Tabs, { key: 'tabs', items: [{ key: 'a', label: 'a', children: 'a' }] }),
    h(Segmented, { key: 'segmented', options: ['a', 'b'] }),
    h(
      Layout,
      { key: 'layout' },
      h(Layout.Sider, null, h(Menu, { mode: 'inline', items: [{ key: 'a', label: 'a' }] })),
      h(Layout, null, h(Layout.Header, null, 'a'), h(Layout.Content, null, 'a')),
    ),
  ];
}

/** The antd components every theme's file covers, each in the states its screens show. */
function catalogue(antd: typeof Antd, h: H): ReactNode[] {
  return [...formCatalogue(antd, h), ...displayCatalogue(antd, h), ...layoutCatalogue(antd, h)];
}

/** The CSS file's text: the styles of the catalogue in each theme, and the map cssinjs reads. */
export function extractAntdStyles(themes: readonly Theme[] = ['light', 'dark']): string {
  const { createElement: h } = require('react') as typeof React;
  const { renderToString } = require('react-dom/server') as { renderToString: (element: ReactElement) => string };
  const antd = require('antd') as typeof Antd;
  const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs') as typeof Cssinjs;
  const cache = createCache();
  for (const theme of themes) {
    // The app's nesting: ThemeProvider's ConfigProvider, then FeedbackProvider's <App> root styles.
    renderToString(
      h(
        StyleProvider,
        { cache },
        h(antd.ConfigProvider, { theme: antdThemeConfig(theme) }, h(antd.App, { component: false }, ...catalogue(antd, h))),
      ),
    );
  }
  return extractStyle(cache, { plain: true, types: 'style' });
}
