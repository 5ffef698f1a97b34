/**
 * Renderer build. `base: './'` because Electron loads the files from a custom app:// protocol;
 * the manifest lets bench/renderer.mjs find the chunks the login route needs. The host applies
 * a strict CSP (script-src 'self'), so nothing here may emit inline scripts or use eval.
 */
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import { extractAntdStyles } from './build/antdStyles.ts';
import { readBarrelExports, rewriteBarrelImports, type BarrelExports } from './build/barrelImports.ts';
import { CHUNK_GROUPS } from './build/chunkGroups.ts';

/**
 * Test-only code (a test file, anything in a testing/ folder) never enters the page. The boundary
 * rule test-code-only-in-tests keeps the page's code off it; this refuses the build if it did.
 */
const noTestCode: Plugin = {
  name: 'griddesk:no-test-code',
  apply: 'build',
  load(id) {
    if (!id.includes('/node_modules/') && /\/testing\/|\.test\.tsx?$/.test(id))
      this.error(`test code in the renderer bundle: ${id}`);
    return null;
  },
};

/**
 * `import { Button } from 'antd'` becomes `import Button from 'antd/es/button'` in our own code,
 * so a chunk holds the antd components its screens use, not every one the app uses anywhere
 * (why: build/barrelImports.ts). Same modules, same code: only the chunking changes.
 */
function antdDirectImports(): Plugin {
  let exports: BarrelExports = new Map();
  return {
    name: 'griddesk:antd-direct-imports',
    apply: 'build',
    async buildStart() {
      // The barrel of the antd this build resolves, so the map follows the installed version.
      const barrel = await this.resolve('antd');
      if (!barrel) this.error('antd does not resolve');
      exports = readBarrelExports(await this.fs.readFile(barrel.id, { encoding: 'utf8' }), 'antd/es');
      if (exports.size === 0) this.error(`no components found in ${barrel.id}`);
    },
    transform: {
      filter: { id: { include: /\.[jt]sx?$/, exclude: /\/node_modules\// }, code: 'antd' },
      handler(code) {
        const rewritten = rewriteBarrelImports(code, 'antd', exports);
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
  };
}

/**
 * antd's component styles as a CSS file linked at the top of the page, so the screens do not
 * build them in the browser (why and how: build/antdStyles.ts). Its name carries its content's
 * hash, like every other asset.
 */
function antdStylesAhead(): Plugin {
  let href = '';
  return {
    name: 'griddesk:antd-styles-ahead',
    apply: 'build',
    buildStart() {
      const css = extractAntdStyles();
      // A development build hashes its classes differently from the page's production antd:
      // such a file would match nothing.
      if (css.includes('css-dev-only'))
        this.error('antd styles extracted outside a production build (NODE_ENV is not production)');
      const fileName = `assets/antd-styles-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      href = `./${fileName}`;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'link', attrs: { rel: 'stylesheet', href }, injectTo: 'head-prepend' }],
    },
  };
}

/**
 * `npm run dev`: the dev server's page within the page's own CSP. plugin-react writes its Fast
 * Refresh preamble inline, which script-src 'self' refuses (hot reload would stop at the first
 * edit): the same code comes as a module of the dev server (plugin-react's virtual preamble).
 * Vite's client waits for a restarted server in a blob: SharedWorker: the development page (only
 * it) allows that worker, as the preview host's development CSP does (electron/preview/security.ts).
 */
const devPageWithinCsp: Plugin = {
  name: 'griddesk:dev-page-within-csp',
  apply: 'serve',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html
        .replace(
          /<script type="module">\s*import \{ injectIntoGlobalHook \}[\s\S]*?<\/script>/,
          '<script type="module" src="/@id/__x00__@vitejs/plugin-react/preamble"></script>',
        )
        .replace("script-src 'self';", "script-src 'self'; worker-src 'self' blob:;"),
  },
};

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), noTestCode, antdDirectImports(), antdStylesAhead(), devPageWithinCsp],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    manifest: true,
    target: 'chrome130',
    // Keep even small assets as files: a data: or inline asset would not need 'self'.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // The login route in three chunks, the charts library cut along package lines into
    // pieces under 500 kB, and no chunk import cycles (why and how: build/chunkGroups.ts).
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: { port: 5174, strictPort: false },
});
