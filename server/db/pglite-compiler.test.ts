import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as V8 from 'node:v8';
import { loadConfig } from '../config/config';

const flags = vi.hoisted(() => [] as string[]);
vi.mock('node:v8', async (importOriginal) => {
  const v8 = await importOriginal<typeof V8>();
  return { ...v8, default: v8, setFlagsFromString: (flag: string) => flags.push(flag) };
});

const { openDatabase } = await import('./database');
const { BASELINE_ONLY_FLAG } = await import('./pglite-compiler');

describe('the embedded database (PGlite) compiles its wasm with the baseline compiler only', () => {
  const closes: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closes) await close();
  });

  it('sets the flag once, when the first embedded database opens', async () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'ab'.repeat(32) });
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase(config, { pgliteDir: 'memory://' });
      closes.push(() => database.close());
      expect(database.kind).toBe('pglite');
    }
    expect(flags).toEqual([BASELINE_ONLY_FLAG]);
  });
});
