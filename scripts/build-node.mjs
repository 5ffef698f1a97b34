// Bundles the Node-side entry points (platform server, admin CLI, Electron main and preload,
// browser-preview host) with esbuild. npm packages stay external: they are installed beside
// the bundle (node_modules in development, app.asar in a packaged build). Every bundle that
// can start the platform server gets its migrations and the PGlite first-boot template
// (build-pglite-template.mjs) beside it.
//
// A bundle holds only what its entry imports, and the boundary rule test-code-only-in-tests keeps
// production code off testing/ folders; each build still checks its inputs, so test code can
// never ship even through a listed known violation.
import { build } from 'esbuild';
import { cp, mkdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { buildPgliteTemplate } from './build-pglite-template.mjs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
};

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
  const { metafile } = await build({ ...common, entryPoints: [entry], outfile, format, metafile: true });
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
