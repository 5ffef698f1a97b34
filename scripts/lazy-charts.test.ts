/**
 * A build boundary of the renderer, checked on its sources (here, as the renderer's own tests
 * run sandboxed, without the file system): @ant-design/charts (and G2 under it) stays out of the
 * login route's bundle. Only the files under components/charts/impl import it, and nothing
 * imports those files but through a dynamic import() (React.lazy), so Vite puts them in chunks
 * of their own, loaded when a chart shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = resolve(__dirname, '../renderer');
const IMPL = join(RENDERER, 'components/charts/impl');

/** The page's own sources: no tests, and no testing/ folder (test-only code, never in the bundle). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'testing'].includes(entry.name) ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Static imports and re-exports of a file (`import ... from 'x'`, `export ... from 'x'`, `import 'x'`). */
function staticImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    if (!/^\s*import\s+type\s/.test(match[0]) && !/^\s*export\s+type\s/.test(match[0])) found.push(match[1]!);
  }
  return found;
}

const files = sources(RENDERER);

describe('charts load lazily', () => {
  it('only the chart implementations import @ant-design/charts', () => {
    const importers = files.filter((file) =>
      staticImports(readFileSync(file, 'utf8')).some((s) => s.startsWith('@ant-design/charts')),
    );
    expect(importers.length).toBeGreaterThan(0);
    for (const file of importers) expect(relative(IMPL, file).startsWith('..'), relative(RENDERER, file)).toBe(false);
  });

  it('nothing outside them imports an implementation statically', () => {
    const offenders = files
      .filter((file) => !file.startsWith(IMPL))
      .flatMap((file) =>
        staticImports(readFileSync(file, 'utf8'))
          .filter((spec) => spec.startsWith('.') && resolve(file, '..', spec).startsWith(IMPL))
          .map((spec) => `${relative(RENDERER, file)} -> ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('reads static imports, and not dynamic ones or types', () => {
    expect(
      staticImports(
        "import { Pie } from '@ant-design/charts';\nconst L = lazy(() => import('./impl/ChartsLine'));\n" +
          "import type { X } from './impl/types';\nexport { y } from './impl/y';",
      ),
    ).toEqual(['@ant-design/charts', './impl/y']);
  });
});
