import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config/config';
import type { StartOptions } from '../../server/start';
import { startPlatformTarget } from './embedded-server';

const mustNotStart = () => Promise.reject(new Error('must not start'));

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
    // It serves one desktop: requests at debug, so npm start's terminal keeps the launch link.
    expect(seen?.requestLog).toBe('quiet');
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

  it('hands the wrapped SECRETS_KEY to the embedded server only', async () => {
    const key = Buffer.alloc(32, 5);
    const asked: string[] = [];
    let seen: StartOptions | undefined;
    await startPlatformTarget({
      env: {},
      dataDir: '/tmp/griddesk-user/data',
      port: '0',
      secretsKey: async (dataDir) => {
        asked.push(dataDir);
        return key;
      },
      start: async (options) => {
        seen = options;
        return { url: 'http://127.0.0.1:40000', close: async () => undefined };
      },
    });
    expect(asked).toEqual(['/tmp/griddesk-user/data']);
    expect(seen?.env?.SECRETS_KEY).toBe(key.toString('hex'));

    // A remote server keeps its own key; an explicit SECRETS_KEY is the operator's choice.
    const never = async () => {
      throw new Error('must not ask for the key');
    };
    await startPlatformTarget({
      env: { GRIDDESK_SERVER_URL: 'https://grid.example' },
      dataDir: '/x',
      port: '0',
      secretsKey: never,
      start: mustNotStart,
    });
    await startPlatformTarget({
      env: { SECRETS_KEY: 'ab'.repeat(32) },
      dataDir: '/x',
      port: '0',
      secretsKey: never,
      start: async (options) => {
        seen = options;
        return { url: 'http://127.0.0.1:40001', close: async () => undefined };
      },
    });
    expect(seen?.env?.SECRETS_KEY).toBe('ab'.repeat(32));
  });

  it.each(['http://grid.example', 'http://203.0.113.7:8080/', 'http://127.0.0.1.nip.io', 'ftp://grid.example', 'not a url'])(
    'refuses the remote server URL %s: only https, or http on loopback',
    async (url) => {
      const target = startPlatformTarget({ env: { GRIDDESK_SERVER_URL: url }, dataDir: '/x', port: '0', start: mustNotStart });
      await expect(target).rejects.toBeInstanceOf(ConfigError);
      await expect(target).rejects.toThrow(/GRIDDESK_SERVER_URL/);
    },
  );

  it.each([
    ['https://grid.example/', 'https://grid.example'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:8080/', 'http://localhost:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('accepts the remote server URL %s', async (url, expected) => {
    const target = await startPlatformTarget({
      env: { GRIDDESK_SERVER_URL: url },
      dataDir: '/x',
      port: '0',
      start: mustNotStart,
    });
    expect(target.url).toBe(expected);
  });
});
