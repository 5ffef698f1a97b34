import { defineConfig } from 'vitest/config';

// End-to-end: the built renderer in Debian Chromium, main's IPC handlers (bridged by the
// preview host), the platform server and a real SMTP receiver. One Chromium for the run
// (support/global-setup.ts); each file opens its own context on it. Files run one at a time in
// one worker process (the machine has two cores), and that process is kept across files
// (isolate: false) so files asking for the same server environment share one server
// (support/stack.ts, `shareServer`), each with a fresh member of its own.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    setupFiles: ['tests/e2e/support/setup.ts'],
    environment: 'node',
    pool: 'forks',
    isolate: false,
    fileParallelism: false,
    // About twice what the slowest test (a screens.e2e pass, ~30 s) and the slowest set-up (a
    // chain, a server and a sign-in, ~30 s) took with the machine's two cores loaded several
    // times over: room for load, while a test that slows down shows up instead of hiding.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
