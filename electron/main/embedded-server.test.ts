import { describe, expect, it } from 'vitest';
import type { StartOptions } from '../../server/start';
import { startPlatformTarget } from './embedded-server';

describe('startPlatformTarget', () => {
  it('uses GRIDDESK_SERVER_URL without starting a server', async () => {
    const target = await startPlatformTarget({
      env: { GRIDDESK_SERVER_URL: 'https://grid.example/' },
      dataDir: '/tmp/x',
      port: '0',
      start: () => Promise.reject(new Error('must not start')),
    });
    expect(target).toMatchObject({ url: 'https://grid.example', embedded: false, dataDir: null });
  });

  it('starts the embedded server on loopback with DATA_DIR and PORT', async () => {
    let seen: StartOptions | undefined;
    let closed = false;
    const target = await startPlatformTarget({
      env: { EXCHANGE: 'sim', HOST: '0.0.0.0' },
      dataDir: '/tmp/griddesk-user/data',
      port: '0',
      start: async (options) => {
        seen = options;
        return { url: 'http://127.0.0.1:40000', close: async () => void (closed = true) };
      },
    });
    expect(seen?.env).toMatchObject({
      EXCHANGE: 'sim',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: '/tmp/griddesk-user/data',
    });
    expect(target).toMatchObject({
      url: 'http://127.0.0.1:40000',
      embedded: true,
      dataDir: '/tmp/griddesk-user/data',
    });
    await target.close();
    expect(closed).toBe(true);
  });
});
