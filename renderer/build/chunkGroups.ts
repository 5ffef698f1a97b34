/**
 * How the renderer build groups modules into chunks (Rolldown `output.codeSplitting.groups`).
 *
 * The login route (everything the entry reaches through static imports: Rolldown's `$initial`
 * tag) goes into three chunks: React, antd (with what it needs), and the rest (router, data
 * layer, schemas, the login screen). Left to the automatic chunking it was some thirty small
 * chunks, one per set of lazy screens that shared a module with it. Nothing only imported
 * lazily is `$initial`, so no signed-in code joins them.
 *
 * The charts library (@ant-design/charts: G2, G, d3, lodash, html2canvas) was one 1.4 MB chunk,
 * over Vite's 500 kB warning. It is cut along package lines, the largest piece being G2 itself
 * (about 410 kB). The chart components import it lazily, so only a screen with a chart loads it.
 *
 * Why layers and not `maxSize`: a size cut puts modules that import each other in different
 * chunks both ways round, and chunks that import each other run in the wrong order (G2's
 * charts failed with "is not a function"). Here each group also takes the dependencies no
 * earlier group took (`includeDependenciesRecursively`), and groups are taken in priority
 * order, from the leaves up: a chunk only ever imports chunks of earlier groups, never a later
 * one, so the chunks form no cycle. @babel/runtime comes first among the lazy groups because
 * antd's Alert uses it too: in the charts' chunks, a screen with an alert would load them.
 */

/** A module of one of the packages `names` matches (a regular expression source). */
export function nodeModules(names: string): RegExp {
  return new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
}

const SEP = '[\\\\/]';

/** The login route's chunks, in the order they are taken: each imports only earlier ones. */
const INITIAL_LAYERS: [name: string, test: RegExp | undefined][] = [
  ['react', nodeModules('react|react-dom|scheduler')],
  ['antd', nodeModules(`antd|@rc-component${SEP}[\\w-]+|@ant-design${SEP}[\\w-]+`)],
  ['app-shell', undefined],
];

/** The lazy chunks, leaves first. */
const LAZY_LAYERS: [name: string, test: RegExp][] = [
  ['babel-helpers', nodeModules(`@babel${SEP}runtime`)],
  ['charts-html2canvas', nodeModules('html2canvas')],
  ['charts-lodash', nodeModules('lodash')],
  ['charts-d3', nodeModules('d3-[\\w-]+')],
  ['charts-g', nodeModules(`@antv${SEP}g|@antv${SEP}g-[\\w-]+`)],
  ['charts-antv', nodeModules(`@antv${SEP}(util|scale|coord|expr|vendor|event-emitter)`)],
  ['charts-component', nodeModules(`@antv${SEP}component`)],
  ['charts-g2', nodeModules(`@antv${SEP}g2|@antv${SEP}g2-[\\w-]+`)],
  ['charts', nodeModules(`@antv${SEP}[\\w-]+|@ant-design${SEP}(charts|charts-util|plots|graphs)`)],
];

export interface ChunkGroup {
  name: string;
  test?: RegExp;
  tags?: '$initial'[];
  priority: number;
}

/** Highest priority first: Rolldown takes groups by priority, so this is also the layer order. */
export const CHUNK_GROUPS: ChunkGroup[] = [
  ...INITIAL_LAYERS.map(([name, test]) => ({ name, ...(test && { test }), tags: ['$initial' as const] })),
  ...LAZY_LAYERS.map(([name, test]) => ({ name, test })),
].map((group, index, all) => ({ ...group, priority: all.length - index }));
