/**
 * Renderer build. `base: './'` because Electron loads the files from a custom app:// protocol;
 * the manifest lets bench/renderer.mjs find the chunks the login route needs. The host applies
 * a strict CSP (script-src 'self'), so nothing here may emit inline scripts or use eval.
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Test-only code (a test file, anything in a testing/ folder) never enters the page. The boundary
 * rule test-code-only-in-tests keeps the page's code off it; this refuses the build if it did.
 */
const noTestCode: Plugin = {
  name: 'griddesk:no-test-code',
  apply: 'build',
  load(id) {
    if (!id.includes('/node_modules/') && /\/testing\/|\.test\.tsx?$/.test(id)) this.error(`test code in the renderer bundle: ${id}`);
    return null;
  },
};

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), noTestCode],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    manifest: true,
    target: 'chrome130',
    // Keep even small assets as files: a data: or inline asset would not need 'self'.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: { port: 5174, strictPort: false },
});
