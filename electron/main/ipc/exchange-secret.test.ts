/**
 * Item 6: earlier versions copied the member's exchange secret into the desktop keychain and
 * never read it back. The server holds it (sealed); every copy left on the desktop goes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePlatformServer, type FakePlatformServer } from '../../testing/fake-platform-server';
import { loginBody } from '../../testing/session-member';
import { testPorts } from '../../testing/test-ports';
import { createKeytarKeychain, KEYCHAIN_SERVICE, secretAccount, type KeytarModule } from '../ports/keytar-keychain';
import { createMemoryKeychain } from '../ports/memory-keychain';
import { createMemorySettings } from '../ports/settings-defaults';
import type { Keychain, SettingsStore } from '../ports/types';
import { exchangeSecretName, forgetStaleExchangeSecrets } from './exchange-secret';
import { createIpcHandlers } from './handlers';

let server: FakePlatformServer;
let keychain: Keychain;
let settings: SettingsStore;

beforeEach(async () => {
  server = await startFakePlatformServer();
  keychain = createMemoryKeychain('tok-1');
  settings = createMemorySettings({ email: 'alice@example.com' });
});
afterEach(() => server.close());

const ipc = () => createIpcHandlers(testPorts(server.url, { keychain, settings }));
const alice = exchangeSecretName('alice@example.com');

describe('stale desktop copies of the exchange secret', () => {
  it('go on logout, with the token', async () => {
    await keychain.setSecret(alice, 'SK-1');
    await keychain.setSecret('unrelated', 'kept');
    server.route('POST /api/logout', { status: 200, body: { message: 'Logged out' } });
    expect(await ipc().invoke('session:logout', {})).toMatchObject({ ok: true, value: { signedIn: false } });
    expect(await keychain.getSecret(alice)).toBeNull();
    expect(await keychain.getSecret('unrelated')).toBe('kept');
    expect(await keychain.getToken()).toBeNull();
  });

  it('go when the session expires (a 401)', async () => {
    await keychain.setSecret(alice, 'SK-1');
    server.route('GET /api/spotBalance', { status: 401, body: { message: 'Unauthorized' } });
    await ipc().invoke('wallet:spotBalance', {});
    expect(await keychain.getSecret(alice)).toBeNull();
  });

  it('go when a member signs in', async () => {
    const bob = exchangeSecretName('bob@example.com');
    await keychain.setSecret(bob, 'SK-bob');
    server.route('POST /api/login', { status: 200, body: loginBody('tok-2', { id: 'u2', email: 'bob@example.com' }) });
    expect(await ipc().invoke('session:login', { email: 'bob@example.com', password: 'secret12' })).toMatchObject({ ok: true });
    expect(await keychain.getSecret(bob)).toBeNull();
  });

  it("go at start: every member's copy where the keychain can list them, else the last member's", async () => {
    await keychain.setSecret(alice, 'SK-1');
    await keychain.setSecret(exchangeSecretName('bob@example.com'), 'SK-2');
    await keychain.setSecret(exchangeSecretName(null), 'SK-3');
    await forgetStaleExchangeSecrets(keychain, settings);
    for (const email of ['alice@example.com', 'bob@example.com', null]) {
      expect(await keychain.getSecret(exchangeSecretName(email))).toBeNull();
    }
    expect(await keychain.getToken()).toBe('tok-1');

    // A keychain that cannot list its entries (safeStorage files are named by hash).
    const unlisted = createMemoryKeychain('tok-1');
    const { deleteSecretsStartingWith: _listing, ...withoutListing } = unlisted;
    await unlisted.setSecret(alice, 'SK-1');
    await forgetStaleExchangeSecrets(withoutListing, settings);
    expect(await unlisted.getSecret(alice)).toBeNull();
  });

  it("go from keytar for every member of this server, other servers' entries untouched", async () => {
    const entries = new Map<string, string>();
    const keytar: KeytarModule = {
      getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
      setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
      deletePassword: async (s, a) => entries.delete(`${s}/${a}`),
      findCredentials: async (s) =>
        [...entries]
          .filter(([k]) => k.startsWith(`${s}/`))
          .map(([k, password]) => ({ account: k.slice(s.length + 1), password })),
    };
    const embedded = createKeytarKeychain(keytar, 'embedded');
    await embedded.setToken('tok-1');
    await embedded.setSecret(alice, 'SK-1');
    await embedded.setSecret(exchangeSecretName('bob@example.com'), 'SK-2');
    const remote = createKeytarKeychain(keytar, 'https://grid.example');
    await remote.setSecret(alice, 'SK-remote');
    await forgetStaleExchangeSecrets(embedded, settings);
    expect([...entries.keys()].sort()).toEqual([
      `${KEYCHAIN_SERVICE}/embedded`,
      `${KEYCHAIN_SERVICE}/${secretAccount('https://grid.example', alice)}`,
    ]);
  });
});

describe('a keychain that refuses to delete', () => {
  it('does not stop a logout', async () => {
    const refusing: Keychain = {
      ...createMemoryKeychain('tok-1'),
      deleteSecret: () => Promise.reject(new Error('keyring locked')),
    };
    keychain = refusing;
    server.route('POST /api/logout', { status: 200, body: { message: 'Logged out' } });
    expect(await ipc().invoke('session:logout', {})).toMatchObject({ ok: true, value: { signedIn: false } });
    expect(await refusing.getToken()).toBeNull();
  });
});
