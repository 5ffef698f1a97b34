// The check build-node.mjs runs on every production bundle: what it leaves to node_modules at run
// time must be there after a production install (`npm ci --omit=dev`, or electron-builder, which
// packs `dependencies` only). A devDependency a bundle still imports (tsx, vitest, drizzle-kit,
// esbuild, electron...) works in development and fails only on the production host; this makes
// it fail the build instead.
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';

/** 'pkg' of 'pkg/sub/path', '@scope/pkg' of '@scope/pkg/sub/path'. */
export const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const BUILTIN = new Set(builtinModules);
const isBuiltin = (specifier) => specifier.startsWith('node:') || BUILTIN.has(specifier) || BUILTIN.has(packageOf(specifier));

/**
 * Why the bundle's external imports would not all load on a production install; empty when they
 * would.
 * - Our own code may import only `dependencies` and `optionalDependencies` (named in
 *   package.json, not merely installed by chance under another package), `runtimeProvided`
 *   (Electron's own module) and, only as a dynamic import() from the one file named for it,
 *   a package of `developmentOnly` (a development tool's path that says what to install when
 *   the package is missing).
 * - A bundled npm package's own import resolves as Node would resolve it from that package
 *   (`nodeModulesFor`): it must not land on a devDependency's install (`dev` in
 *   package-lock.json). One not installed at all (an optional peer such as ccxt's protobufjs)
 *   fails at run time exactly as it would unbundled, and is let through.
 *
 * @param {{
 *   metafile: { inputs: Record<string, { imports: { path: string, kind: string, external?: boolean }[] }> },
 *   dependencies: Set<string>,
 *   lockPackages: Record<string, { dev?: boolean }>,
 *   topNodeModules: string,
 *   nodeModulesFor: (name: string, importer: string) => string | null,
 *   runtimeProvided?: string[],
 *   developmentOnly?: Map<string, string>,
 * }} options
 * @returns {string[]}
 */
export function productionImportProblems({
  metafile,
  dependencies,
  lockPackages,
  topNodeModules,
  nodeModulesFor,
  runtimeProvided = [],
  developmentOnly = new Map(),
}) {
  const problems = [];
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const ours = !/(^|\/)node_modules\//.test(input);
    for (const { path: specifier, kind, external } of imports) {
      // Only bare specifiers name a package: esbuild also lists a relative import it dropped (type
      // only) as external, and '<runtime>' is its own helper module.
      if (!external || /^[./<]/.test(specifier) || isBuiltin(specifier)) continue;
      const name = packageOf(specifier);
      if (runtimeProvided.includes(name)) continue;
      if (ours) {
        if (dependencies.has(name)) continue;
        if (kind === 'dynamic-import' && developmentOnly.get(name) === input) continue;
        problems.push(`${input} imports ${specifier}, and ${name} is not in package.json's dependencies`);
        continue;
      }
      const from = nodeModulesFor(name, resolve(input));
      if (from === null) continue;
      const key = join('node_modules', relative(topNodeModules, join(from, name)));
      if (lockPackages[key]?.dev)
        problems.push(`${input} imports ${specifier}, which resolves to ${key}, a development-only install`);
    }
  }
  return problems;
}
