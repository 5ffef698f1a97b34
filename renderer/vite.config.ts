/**
 * Renderer build. `base: './'` because Electron loads the files from a custom app:// protocol;
 * the manifest lets bench/renderer.mjs find the chunks the login route needs. The host applies
 * a strict CSP (script-src 'self'), so nothing here may emit inline scripts or use eval.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
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
