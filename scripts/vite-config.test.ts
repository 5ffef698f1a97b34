/**
 * `npm run build` printed a warning block before the renderer build: the config imported files
 * without their extension, which Vite's native config loader (its planned default) cannot load.
 * Loading the config as the build does must print no warning at all.
 */
import { join } from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
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
});
