import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Only the tests that need a real keyring; scripts/test-keyring.mjs provides one.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: ['electron/**/*.keyring.test.ts'],
    testTimeout: 30_000,
  },
});
