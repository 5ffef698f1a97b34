/**
 * The modules a test of main's glue replaces, in one place: `electron` and `electron-store` by
 * the fakes, the embedded server, the keychain picker and the bundle paths by the harness's
 * stand-ins. Import it first in the test file (before anything that imports `electron`): vitest
 * registers these mocks when this module runs, with paths relative to this file.
 */
import { vi } from 'vitest';
import type * as EmbeddedServer from '../../embedded-server';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron());
vi.mock('electron-store', async () => ({
  default: (await import('./fake-electron')).FakeStore,
}));
vi.mock('../../embedded-server', async (importOriginal) => ({
  ...(await importOriginal<typeof EmbeddedServer>()),
  startPlatformTarget: (await import('./main-harness')).fakeStartPlatformTarget,
}));
vi.mock('../../ports/pick-keychain', async () => ({
  pickKeychain: (await import('./main-harness')).fakePickKeychain,
}));
vi.mock('../paths', async () => (await import('./main-harness')).fakePaths);
