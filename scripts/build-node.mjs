// Bundles the Node-side entry points with esbuild: the platform server and its operational CLIs
// (one build, into dist/server), the Electron main process and preload, and the browser-preview
// host. npm packages stay external (BUNDLED_INTO aside): they are installed beside the bundle
// (node_modules in development and on a production host after `npm ci --omit=dev`, app.asar in
// a packaged desktop build). Every build that can start the platform server or open its database
// gets the migrations and the PGlite first-boot template (build-pglite-template.mjs) beside it.
//
// ESM bundles are split: a dynamic import() of our own code (the app, the ccxt gateway, the
// simulator) becomes its own chunk beside the entry, so the npm packages only that code imports
// load when it does, not before the entry's first line (bench:startup). Chunks sit in the build's
// folder, so import.meta.url still finds the migrations and the template there.
//
// The server and its CLIs are entry points of one build: code they share (the database, the
// configuration) is one set of chunks in dist/server, where the one copy of the migrations and
// the template is, and each CLI lands in dist/server/cli/. Splitting keys every chunk by the
// entries that reach it, so dist/server/main.js loads what it would alone and never a CLI's code.
// A file that finds files through import.meta.url must therefore stay shared with the server
// (server/db/database.ts): code only a CLI reaches sits in dist/server/cli/ itself.
//
// A bundle holds only what its entry imports, and the boundary rule test-code-only-in-tests keeps
// production code off testing/ folders; each build still checks its inputs, so test code can
// never ship even through a listed known violation. Each production build also checks what it
// leaves to node_modules (production-imports.mjs): a devDependency there would run in development
// and fail only after `npm ci --omit=dev`.
//
// `npm run dev` (dev.mjs) imports the builds and their checks from here and runs them in esbuild's
// watch mode; run as a script, this builds each once.
import { build } from 'esbuild';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';
import { buildPgliteTemplate } from './build-pglite-template.mjs';
import { ipcNamesPlugin, sandboxProblems } from './preload-bundle.mjs';
import { packageOf, productionImportProblems } from './production-imports.mjs';

/**
 * Packages bundled rather than loaded from node_modules, each into the files whose path matches:
 * ESM packages of many small files cost more to resolve and load one by one than their code
 * does, and tree shaking keeps only what the bundle uses (bench:startup, CPU of the import alone):
 * - drizzle-orm, everywhere: ~100 ms and ~9 MB less.
 * - ethers, into server/config/chain-keys.ts and chain-addresses.ts, whose key and address checks
 *   the configuration runs on every boot: ~45 ms bundled against ~320 ms and ~20 MB for the whole
 *   package. server/chain (RPC clients, contracts) imports the package, loaded only when the chain
 *   role has work (chain/service.ts). The two copies never meet: chain-keys.ts and
 *   chain-addresses.ts take and give strings only.
 * ccxt's binance classes come bundled too, through server/exchange/ccxt-binance.ts, which imports
 * their files by path: ~200 ms of CPU and ~10 MB less than loading those files and their
 * dependencies one by one.
 * What a bundled package imports statically is bundled too, in the version it resolves to (its
 * own nested copy, say ccxt's ws), but for our own dependencies installed at the top (PGlite,
 * pg): those stay the one shared copy.
 */
const BUNDLED_INTO = new Map([
  ['drizzle-orm', /./],
  ['ethers', /^server\/config\/chain-(keys|addresses)\.ts$/],
]);

const manifest = JSON.parse(await readFile('package.json', 'utf8'));
const ownDependencies = new Set(
  Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies }),
);
const topNodeModules = realpathSync('node_modules');

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
      if (args.importer.includes('/node_modules/')) {
        // inside a bundled package
        const from = nodeModulesFor(name, args.importer);
        // Not installed (an optional peer such as ccxt's protobufjs): left to fail at run time, as
        // unbundled. A dynamic import() stays Node's: a CommonJS package bundled into a chunk
        // would come back as { default } alone, without its named exports (ccxt's import('undici')
        // then resolves to our own undici, 7.30.2 where ccxt nests 7.29.1 and asks for >= 7.29.1).
        bundled =
          from !== null &&
          args.kind !== 'dynamic-import' &&
          (into !== undefined || !ownDependencies.has(name) || from !== topNodeModules);
      } else {
        bundled = into?.test(relative(process.cwd(), args.importer)) ?? false;
      }
      return bundled ? undefined : { path: args.path, external: true };
    });
  },
};

export const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  plugins: [externals],
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
};

/**
 * A bundled CommonJS module (ccxt's ws) requires Node's own modules: esbuild's ESM output calls
 * `require` for them, which an ES module only has when given one.
 */
const ESM_REQUIRE = {
  js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
};

/**
 * Each build: its entry points (one not written yet is skipped), where they go, whether the
 * migrations and the template go beside them, and whether it ships (`production`: checked
 * against package.json's dependencies; `runtimeProvided`, what the runtime itself supplies).
 * The CLIs are the production commands: `node dist/server/cli/<name>.js` (deploy/ and the
 * README's deploy section name these paths). `chain` is the local development chain: it runs
 * from dist too, where the development dependencies are installed (DEVELOPMENT_ONLY).
 */
export const builds = [
  {
    entryPoints: ['server/main.ts', ...['admin', 'migrate', 'backup', 'faucet', 'chain'].map((cli) => `server/cli/${cli}.ts`)],
    output: { outdir: 'dist/server', outbase: 'server', entryNames: '[dir]/[name]' },
    format: 'esm',
    copyMigrations: true,
    production: true,
  },
  // Electron's main (the server bundled in) and preload: packed into the desktop app (build/builder-config.cjs).
  {
    entryPoints: ['electron/main/app/index.ts'],
    output: { outdir: 'dist/electron', entryNames: 'main' },
    format: 'esm',
    copyMigrations: true,
    production: true,
    runtimeProvided: ['electron'],
  },
  // The preload runs sandboxed: it may load `electron` alone, so the contract's names go in as literals (preload-bundle.mjs).
  {
    entryPoints: ['electron/preload/index.ts'],
    output: { outfile: 'dist/electron/preload.cjs' },
    format: 'cjs',
    copyMigrations: false,
    production: true,
    runtimeProvided: ['electron'],
    sandboxed: true,
    plugins: [ipcNamesPlugin],
  },
  // npm run preview: a development host, run where the development dependencies are.
  {
    entryPoints: ['electron/preview/main.ts'],
    output: { outdir: 'dist/scripts', entryNames: 'preview' },
    format: 'esm',
    copyMigrations: true,
    production: false,
  },
];

/**
 * A devDependency production code may import, only dynamically and only from the one file
 * named: the local development chain (npm run chain) loads ganache when it starts, and says
 * what to install when it is missing; nothing else reaches that code.
 */
const DEVELOPMENT_ONLY = new Map([['ganache', 'server/chain/local-chain.ts']]);

const productionDependencies = new Set(Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }));
const lockPackages = JSON.parse(await readFile('package-lock.json', 'utf8')).packages;

/** Test-only code: a test file or anything in a testing/ folder. */
const TEST_CODE = /(^|\/)testing\/|\.test\.tsx?$/;

/** Our code that finds files beside itself (the migrations, the template) through its module URL. */
const FINDS_FILES_BESIDE_ITSELF = /new URL\([^)]*import\.meta\.url/;

/**
 * Our files inlined in an entry that sits below the build's folder (dist/server/cli/*.js) and
 * find files beside themselves: they would look in that subfolder, where nothing was copied.
 */
async function filesLookingInSubfolder(metafile, dir) {
  const found = [];
  for (const [file, { entryPoint, inputs }] of Object.entries(metafile.outputs)) {
    if (!entryPoint || dirname(file) === dir) continue;
    for (const input of Object.keys(inputs)) {
      if (!/(^|\/)node_modules\//.test(input) && FINDS_FILES_BESIDE_ITSELF.test(await readFile(input, 'utf8')))
        found.push(`${input} (in ${file})`);
    }
  }
  return found;
}

/** esbuild's options for one of `builds`: the entries that exist, where they go, split when ESM. */
export function esbuildOptions({ entryPoints: listed, output, format, plugins = [] }) {
  const entryPoints = listed.filter((entry) => existsSync(entry));
  const split = format === 'esm' ? { splitting: true, chunkNames: '[name]-[hash]', banner: ESM_REQUIRE } : {};
  return { ...common, plugins: [...plugins, ...common.plugins], entryPoints, ...output, ...split, format, metafile: true };
}

/** The folder a build writes to. */
export const outDirOf = ({ output }) => output.outdir ?? dirname(output.outfile);

/**
 * The checks each build passes, once (`npm run build`) or on every rebuild (`npm run dev`): no
 * test code, nothing a production install lacks, nothing looking for the migrations elsewhere.
 */
export async function checkBuild({ output, production, runtimeProvided, copyMigrations, sandboxed }, metafile) {
  const dir = outDirOf({ output });
  const testCode = Object.keys(metafile.inputs).filter((input) => TEST_CODE.test(input));
  if (testCode.length > 0) throw new Error(`${dir} would ship test code: ${testCode.join(', ')}`);
  if (sandboxed) {
    const loaded = sandboxProblems(metafile, runtimeProvided);
    if (loaded.length > 0)
      throw new Error(
        `${dir} runs sandboxed, where only ${runtimeProvided.join(', ')} can be loaded; it would load ${loaded.join(', ')}`,
      );
  }
  if (production) {
    const problems = productionImportProblems({
      metafile,
      dependencies: productionDependencies,
      lockPackages,
      topNodeModules,
      nodeModulesFor,
      runtimeProvided,
      developmentOnly: DEVELOPMENT_ONLY,
    });
    if (problems.length > 0) throw new Error(`${dir} would not run after npm ci --omit=dev:\n  ${problems.join('\n  ')}`);
  }
  if (copyMigrations) {
    const astray = await filesLookingInSubfolder(metafile, dir);
    if (astray.length > 0)
      throw new Error(
        `${astray.join(', ')} would look for the migrations or the template outside ${dir}: import that code from a module the server shares (server/db/database.ts)`,
      );
  }
}

/** The migrations beside a bundle that opens the database (the template goes beside them). */
export async function copyMigrationsInto(dir) {
  await mkdir(dir, { recursive: true });
  await cp('server/db/migrations', `${dir}/migrations`, { recursive: true });
}

async function buildAll() {
  await rm('dist/server', { recursive: true, force: true });
  await rm('dist/electron', { recursive: true, force: true });
  await rm('dist/scripts', { recursive: true, force: true });
  const serverDirs = [];
  for (const spec of builds) {
    const options = esbuildOptions(spec);
    if (options.entryPoints.length === 0) continue;
    const { metafile } = await build(options);
    await checkBuild(spec, metafile);
    if (spec.copyMigrations) {
      await copyMigrationsInto(outDirOf(spec));
      serverDirs.push(outDirOf(spec));
    }
  }
  // Baked from the same migrations folder just copied, so each bundle's pair matches.
  if (serverDirs.length > 0) await buildPgliteTemplate(serverDirs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildAll();
