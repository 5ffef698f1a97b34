import { describe, expect, it } from 'vitest';
import { extractAntdStyles } from './antdStyles';

/** The map cssinjs reads from the file: style path -> style hash. */
function cachePaths(css: string): string[] {
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css);
  if (!map) throw new Error('no cache-path map in the extracted CSS');
  return map[1]!.split(';').map((entry) => entry.slice(0, entry.lastIndexOf(':')));
}

describe('antd styles written ahead of time', () => {
  const css = extractAntdStyles();

  it('holds the styles of the login screen\u2019s components and of the app root, with the map that lets the page skip building them', () => {
    const components = new Set(cachePaths(css).map((path) => path.split('|')[1]));
    for (const component of [
      'App-App',
      'Form-Form',
      'Form-item-item',
      'Input-Component',
      'Button-Button',
      'Switch-Switch',
      'Spin-Spin',
      'Grid-Grid',
    ]) {
      expect(components, component).toContain(component);
    }
    expect(css).toContain('.ant-btn');
  });

  it('covers the signed-in screens\u2019 common components too', () => {
    const components = new Set(cachePaths(css).map((path) => path.split('|')[1]));
    for (const component of [
      'Table-Table',
      'Card-Card',
      'Menu-Menu',
      'Layout-Layout',
      'Select-Select',
      'Tabs-Tabs',
      'Descriptions-Descriptions',
    ]) {
      expect(components, component).toContain(component);
    }
  });

  it('is one file for both themes: the rules read the theme from CSS variables, which the page sets', () => {
    expect(extractAntdStyles(['light'])).toBe(extractAntdStyles(['dark']));
    expect(css).toContain('var(--ant-color-primary)');
  });
});
