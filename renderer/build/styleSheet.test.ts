/**
 * The hand-written style sheet (renderer/styles.css) against the theme config it has to agree
 * with. Here rather than beside it because reading the file takes Node, which only build/ has.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdThemeConfig } from '../app/themeConfig';

const styles = readFileSync(resolve(import.meta.dirname, '../styles.css'), 'utf8');

describe('styles.css', () => {
  it('paints the page behind antd\u2019s layout in the dark theme\u2019s page colour, so no other band shows around it', () => {
    const rule = /html\[data-theme='dark'\] body \{\s*background: (#[0-9a-f]+);/i.exec(styles);
    expect(rule?.[1]).toBe(antdTheme.getDesignToken(antdThemeConfig('dark')).colorBgLayout);
  });

  it("writes an empty table's message ('No Records Found.') in the description colour, whose contrast app/themeContrast.test.ts checks", () => {
    expect(styles).toMatch(/tr\.ant-table-placeholder > td \{\s*color: var\(--ant-color-text-description\);/);
  });
});
