import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS, nodeModules, type ChunkGroup } from './chunkGroups';

const nm = (path: string) => `/work/app/node_modules/${path}`;

/** The group Rolldown gives a module first: the highest-priority one whose tags and test match. */
function groupOf(id: string, initial: boolean): string | null {
  const byPriority = [...CHUNK_GROUPS].sort((a: ChunkGroup, b: ChunkGroup) => b.priority - a.priority);
  const group = byPriority.find((g) => (!g.tags || initial) && (!g.test || g.test.test(id)));
  return group?.name ?? null;
}

describe('nodeModules', () => {
  it('matches a package by its whole name, on either path separator', () => {
    const react = nodeModules('react|react-dom');
    expect(react.test(nm('react/index.js'))).toBe(true);
    expect(react.test(nm('react-dom/cjs/react-dom-client.production.js'))).toBe(true);
    expect(react.test('C:\\app\\node_modules\\react\\index.js')).toBe(true);
    expect(react.test(nm('react-router/dist/index.mjs'))).toBe(false);
    expect(react.test('/work/app/renderer/react/thing.ts')).toBe(false);
  });
});

describe('CHUNK_GROUPS', () => {
  it('splits the login route into React, antd and the rest', () => {
    expect(groupOf(nm('react-dom/cjs/react-dom-client.production.js'), true)).toBe('react');
    expect(groupOf(nm('scheduler/index.js'), true)).toBe('react');
    expect(groupOf(nm('antd/es/form/Form.js'), true)).toBe('antd');
    expect(groupOf(nm('@rc-component/form/es/Field.js'), true)).toBe('antd');
    expect(groupOf(nm('@ant-design/cssinjs/es/index.js'), true)).toBe('antd');
    expect(groupOf(nm('react-router/dist/development/index.mjs'), true)).toBe('app-shell');
    expect(groupOf(nm('@tanstack/query-core/build/modern/index.js'), true)).toBe('app-shell');
    expect(groupOf('/work/app/renderer/pages/login/LoginPage.tsx', true)).toBe('app-shell');
  });

  it('leaves lazily loaded screens and antd parts to the automatic chunking', () => {
    expect(groupOf('/work/app/renderer/pages/dashboard/DashboardPage.tsx', false)).toBeNull();
    expect(groupOf(nm('antd/es/table/Table.js'), false)).toBeNull();
    expect(groupOf(nm('lightweight-charts/dist/lightweight-charts.production.mjs'), false)).toBeNull();
    expect(groupOf(nm('lodash-es/debounce.js'), false)).toBeNull();
  });

  it('cuts the charts library along package lines', () => {
    expect(groupOf(nm('@antv/g2/esm/runtime/plot.js'), false)).toBe('charts-g2');
    expect(groupOf(nm('@antv/g2-extension-plot/esm/index.js'), false)).toBe('charts-g2');
    expect(groupOf(nm('@antv/g-lite/dist/index.js'), false)).toBe('charts-g');
    expect(groupOf(nm('@antv/g/dist/index.js'), false)).toBe('charts-g');
    expect(groupOf(nm('@antv/component/esm/index.js'), false)).toBe('charts-component');
    expect(groupOf(nm('@antv/scale/esm/index.js'), false)).toBe('charts-antv');
    expect(groupOf(nm('d3-geo/src/index.js'), false)).toBe('charts-d3');
    expect(groupOf(nm('html2canvas/dist/html2canvas.esm.js'), false)).toBe('charts-html2canvas');
    expect(groupOf(nm('lodash/lodash.js'), false)).toBe('charts-lodash');
    expect(groupOf(nm('@ant-design/plots/es/index.js'), false)).toBe('charts');
    expect(groupOf(nm('@ant-design/charts/es/index.js'), false)).toBe('charts');
  });

  it('keeps the helpers antd also uses out of the charts chunks', () => {
    expect(groupOf(nm('@babel/runtime/helpers/esm/objectSpread2.js'), false)).toBe('babel-helpers');
  });

  it('gives every group its own priority, the login route’s first', () => {
    const priorities = CHUNK_GROUPS.map((g) => g.priority);
    expect(new Set(priorities).size).toBe(CHUNK_GROUPS.length);
    const lowestInitial = Math.min(...CHUNK_GROUPS.filter((g) => g.tags).map((g) => g.priority));
    const highestLazy = Math.max(...CHUNK_GROUPS.filter((g) => !g.tags).map((g) => g.priority));
    expect(lowestInitial).toBeGreaterThan(highestLazy);
  });
});
