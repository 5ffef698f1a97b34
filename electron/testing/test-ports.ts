/** Main's ports for handler tests: HTTP to a (fake) platform server, memory keychain and settings. */
import { createAxiosHttp } from '../main/ports/axios-http';
import { createMemoryKeychain } from '../main/ports/memory-keychain';
import { createMemorySettings } from '../main/ports/settings-defaults';
import type { IpcPorts } from '../main/ports/types';

export function testPorts(serverUrl: string, overrides: Partial<IpcPorts> = {}): IpcPorts {
  return {
    keychain: createMemoryKeychain(),
    settings: createMemorySettings(),
    http: createAxiosHttp(serverUrl, { timeoutMs: 2_000 }),
    notifier: { notify: () => undefined },
    app: { version: '0.1.0', platform: 'linux', mode: 'preview' },
    ...overrides,
  };
}
