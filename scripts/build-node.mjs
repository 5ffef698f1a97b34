// Bundles the Node-side entry points (platform server, admin CLI, Electron main and preload,
// browser-preview host) with esbuild. npm packages stay external (BUNDLED_INTO aside): they
// are installed beside the bundle (node_modules in development, app.asar in a packaged build).
// Every bundle that can start the platform server gets its migrations and the PGlite first-boot
// template (build-pglite-template.mjs) beside it.
//
// ESM bundles are split: a dynamic import() of our own code (the app, the ccxt gateway, the
// simulator) becomes its own chunk beside the entry, so the npm packages only that code imports
// load when it does, not before the entry's first line (bench:startup). Chunks sit in the
// entry's folder, so import.meta.url still finds the migrations and the template there.
//
// A bundle holds only what its entry imports, and the boundary rule test-code-only-in-tests keeps
// production code off testing/ folders; each build still checks its inputs, so test code can
// never ship even through a listed known violation.
import { build } from 'esbuild';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { buildPgliteTemplate } from './build-pglite-template.mjs';

/**
 * Packages bundled rather than loaded from node_modules, each into the files whose path matches:
 * ESM packages of many small files cost more to resolve and load one by one than their code
 * does, and tree shaking keeps only what the bundle uses (bench:startup, CPU of the import alone):
 * - drizzle-orm, everywhere: ~100 ms and ~9 MB less.
 * - ethers, into server/chain/keys.ts and addresses.ts, whose key and address checks config.ts
 *   runs on every boot: ~45 ms bundled against ~320 ms and ~20 MB for the whole package. The rest
 *   of server/chain (RPC clients, contracts) imports the package, loaded only when the chain role
 *   has work (chain/service.ts). The two copies never meet: keys.ts and addresses.ts take and
 *   give strings only.
 * ccxt's binance classes come bundled too, through server/exchange/ccxt-binance.ts, which imports
 * their files by path: ~200 ms of CPU and ~10 MB less than loading those files and their
 * dependencies one by one.
 * What a bundled package imports statically is bundled too, in the version it resolves to (its
 * own nested copy, say ccxt's ws), but for our own dependencies installed at the top (PGlite,
 * pg): those stay the one shared copy.
 */
const BUNDLED_INTO = new Map([
  ['drizzle-orm', /./],
  ['ethers', /^server\/chain\/(keys|addresses)\.ts$/],
]);

const manifest = JSON.parse(await readFile('package.json', 'utf8'));
const ownDependencies = new Set(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies }));
const topNodeModules = realpathSync('node_modules');

const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The node_modules folder Node resolves `name` in from `importer`: the nearest holding it. */
function nodeModulesFor(name, importer) {
  for (let dir = dirname(importer); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name))) return realpathSync(join(dir, 'node_modules'));
    if (dir === dirname(dir)) return null;
  }
}

/** npm packages stay external (installed beside the bundle) but for BUNDLED_INTO and what those import. */
const externals = {
  name: 'externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return undefined;
      const name = packageOf(args.path);
      const into = BUNDLED_INTO.get(name);
      let bundled;
      if (args.importer.includes('/node_modules/')) { // inside a bundled package
        const from = nodeModulesFor(name, args.importer);
        // Not installed (an optional peer such as ccxt's protobufjs): left to fail at run time, as
        // unbundled. A dynamic import() stays Node's: a CommonJS package bundled into a chunk
        // would come back as { default } alone, without its named exports (ccxt's import('undici')
        // then resolves to our own undici, 7.30.2 where ccxt nests 7.29.1 and asks for >= 7.29.1).
        bundled = from !== null && args.kind !== 'dynamic-import'
          && (into !== undefined || !ownDependencies.has(name) || from !== topNodeModules);
      } else {
        bundled = into?.test(relative(process.cwd(), args.importer)) ?? false;
      }
      return bundled ? undefined : { path: args.path, external: true };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  plugins: [externals],
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
};

/**
 * A bundled CommonJS module (ccxt's ws) requires Node's own modules: esbuild's ESM output calls
 * `require` for them, which an ES module only has when given one.
 */
const ESM_REQUIRE = { js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);" };

/** [entry, outfile, format, copyMigrations] */
const entries = [
  ['server/main.ts', 'dist/server/main.js', 'esm', true],
  ['electron/main/app/index.ts', 'dist/electron/main.js', 'esm', true],
  ['electron/preload/index.ts', 'dist/electron/preload.cjs', 'cjs', false],
  ['electron/preview/main.ts', 'dist/scripts/preview.js', 'esm', true],
];

await rm('dist/server', { recursive: true, force: true });
await rm('dist/electron', { recursive: true, force: true });
await rm('dist/scripts', { recursive: true, force: true });

/** Test-only code: a test file or anything in a testing/ folder. */
const TEST_CODE = /(^|\/)testing\/|\.test\.tsx?$/;

const serverDirs = [];
for (const [entry, outfile, format, copyMigrations] of entries) {
  if (!existsSync(entry)) continue;
  const output = format === 'esm'
    ? { outdir: dirname(outfile), entryNames: basename(outfile, '.js'), splitting: true, chunkNames: '[name]-[hash]', banner: ESM_REQUIRE }
    : { outfile };
  const { metafile } = await build({ ...common, entryPoints: [entry], ...output, format, metafile: true });
  const testCode = Object.keys(metafile.inputs).filter((input) => TEST_CODE.test(input));
  if (testCode.length > 0) throw new Error(`${outfile} would ship test code: ${testCode.join(', ')}`);
  if (copyMigrations) {
    const dir = outfile.slice(0, outfile.lastIndexOf('/'));
    await mkdir(dir, { recursive: true });
    await cp('server/db/migrations', `${dir}/migrations`, { recursive: true });
    serverDirs.push(dir);
  }
}
// Baked from the same migrations folder just copied, so each bundle's pair matches.
if (serverDirs.length > 0) await buildPgliteTemplate(serverDirs);
