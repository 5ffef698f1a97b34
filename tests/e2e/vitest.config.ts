import { defineConfig } from 'vitest/config';

// End-to-end: the built renderer in Debian Chromium, main's IPC handlers (bridged by the
// preview host), the platform server and a real SMTP receiver. Files run one at a time: each
// starts its own stack and a browser, and the machine has two cores.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    setupFiles: ['tests/e2e/support/setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
