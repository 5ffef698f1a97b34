/**
 * The build's check that a production bundle only leaves to node_modules what
 * `npm ci --omit=dev` installs (production-imports.mjs, run by build-node.mjs): it refuses a
 * devDependency our code imports and a bundled package's import that resolves to a
 * development-only install, and lets through Node's modules, dependencies, the runtime's own
 * module and the one development tool's dynamic import named for its file.
 */
import { describe, expect, it } from 'vitest';
import { productionImportProblems, type ProductionImportsOptions } from './production-imports.mjs';

const TOP = '/repo/node_modules';

function problems(
  imports: Record<string, { path: string; kind?: string; external?: boolean }[]>,
  extra: Partial<ProductionImportsOptions> = {},
) {
  const inputs = Object.fromEntries(
    Object.entries(imports).map(([input, list]) => [
      input,
      { imports: list.map((i) => ({ kind: 'import-statement', external: true, ...i })) },
    ]),
  );
  return productionImportProblems({
    metafile: { inputs },
    dependencies: new Set(['pg', '@electric-sql/pglite']),
    lockPackages: {
      'node_modules/pg': {},
      'node_modules/tsx': { dev: true },
      'node_modules/ccxt/node_modules/ws': {},
      'node_modules/ws': { dev: true },
    },
    topNodeModules: TOP,
    // Installed: pg and tsx at the top, ws both at the top and nested under ccxt.
    nodeModulesFor: (name, importer) => {
      if (name === 'ws' && importer.includes('/node_modules/ccxt/')) return `${TOP}/ccxt/node_modules`;
      return ['pg', 'tsx', 'ws'].includes(name) ? TOP : null;
    },
    ...extra,
  });
}

describe('productionImportProblems', () => {
  it("passes Node's modules, dependencies (by their subpaths too) and what esbuild lists but never loads", () => {
    expect(
      problems({
        'server/db/database.ts': [
          { path: 'node:fs' },
          { path: 'crypto', kind: 'require-call' },
          { path: 'fs/promises' },
          { path: 'pg', kind: 'dynamic-import' },
          { path: '@electric-sql/pglite/vector' },
          { path: './schema' },
          { path: '<runtime>' },
          { path: 'drizzle-orm', external: false },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses a devDependency, or any package not in dependencies, imported by our code', () => {
    expect(problems({ 'server/cli/admin.ts': [{ path: 'tsx/esm/api' }, { path: 'left-pad', kind: 'dynamic-import' }] })).toEqual([
      "server/cli/admin.ts imports tsx/esm/api, and tsx is not in package.json's dependencies",
      "server/cli/admin.ts imports left-pad, and left-pad is not in package.json's dependencies",
    ]);
  });

  it("lets the runtime's own module through, and a development tool's package only as a dynamic import from its named file", () => {
    const developmentOnly = new Map([['ganache', 'server/chain/local-chain.ts']]);
    expect(problems({ 'electron/main/app/index.ts': [{ path: 'electron' }] }, { runtimeProvided: ['electron'] })).toEqual([]);
    expect(
      problems({ 'server/chain/local-chain.ts': [{ path: 'ganache', kind: 'dynamic-import' }] }, { developmentOnly }),
    ).toEqual([]);
    expect(
      problems(
        {
          'server/chain/local-chain.ts': [{ path: 'ganache' }],
          'server/start.ts': [{ path: 'ganache', kind: 'dynamic-import' }],
        },
        { developmentOnly },
      ),
    ).toHaveLength(2);
  });

  it("judges a bundled package's import by the install Node resolves it to; one not installed at all is its own optional peer", () => {
    expect(
      problems({
        '../main/node_modules/ccxt/js/src/base/ws/Client.js': [
          { path: 'ws', kind: 'require-call' },
          { path: 'protobufjs/minimal.js' },
        ],
        '../main/node_modules/drizzle-orm/node-postgres/session.js': [{ path: 'pg' }],
      }),
    ).toEqual([]);
    expect(problems({ '../main/node_modules/ethers/lib.esm/providers/ws.js': [{ path: 'ws' }] })).toEqual([
      '../main/node_modules/ethers/lib.esm/providers/ws.js imports ws, which resolves to node_modules/ws, a development-only install',
    ]);
  });
});
