/**
 * `npm run build` printed a warning block before the renderer build: the config imported files
 * without their extension, which Vite's native config loader (its planned default) cannot load.
 * Loading the config as the build does must print no warning at all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, loadConfigFromFile, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

describe('renderer/vite.config.ts', () => {
  it('loads as `vite build` loads it without a warning', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      join(root, 'renderer', 'vite.config.ts'),
      root,
      'warn',
      logger,
    );
    expect(loaded?.config.build?.outDir).toBe('../dist/renderer');
    expect(warnings).toEqual([]);
  }, 60_000);

  it("serves the dev page within the page's CSP: no inline script, and Vite's blob: ping worker allowed", async () => {
    const loaded = await loadConfigFromFile(
      { command: 'serve', mode: 'development' },
      join(root, 'renderer', 'vite.config.ts'),
      root,
      'silent',
    );
    const plugin = (loaded?.config.plugins ?? [])
      .flat()
      .find((p) => (p as Plugin | null)?.name === 'griddesk:dev-page-within-csp') as Plugin;
    expect(plugin.apply).toBe('serve');
    const transform = plugin.transformIndexHtml as { handler: (html: string) => string };
    // What plugin-react 6 writes into the page in serve mode.
    const inline =
      '<script type="module">import { injectIntoGlobalHook } from "/@react-refresh";\ninjectIntoGlobalHook(window);\nwindow.$RefreshReg$ = () => {};\nwindow.$RefreshSig$ = () => (type) => type;</script>';
    const page = readFileSync(join(root, 'renderer', 'index.html'), 'utf8').replace('</head>', `${inline}</head>`);
    const served = transform.handler(page);
    expect(served).not.toMatch(/<script type="module">/);
    expect(served).toContain('<script type="module" src="/@id/__x00__@vitejs/plugin-react/preamble"></script>');
    expect(served).toContain("script-src 'self'; worker-src 'self' blob:;");
  }, 60_000);
});
