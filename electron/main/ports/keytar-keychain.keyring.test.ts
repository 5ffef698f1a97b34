import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeytarKeychain, loadKeytar } from './keytar-keychain';
import { pickKeychain } from './pick-keychain';

// Runs under `npm run test:keyring` only: it needs a Secret Service (gnome-keyring on D-Bus).
describe('keytar keychain against the OS keyring', () => {
  it('stores, reads and deletes a session token', async () => {
    const keychain = createKeytarKeychain(await loadKeytar(), `test-${randomUUID()}`);
    expect(await keychain.getToken()).toBeNull();
    await keychain.setToken('token-1');
    expect(await keychain.getToken()).toBe('token-1');
    await keychain.setToken('token-2');
    expect(await keychain.getToken()).toBe('token-2');
    await keychain.deleteToken();
    expect(await keychain.getToken()).toBeNull();
  });

  it('keeps named secrets apart from the token and from each other', async () => {
    const keychain = createKeytarKeychain(await loadKeytar(), `test-${randomUUID()}`);
    await keychain.setToken('token-1');
    expect(await keychain.getSecret('exchange-secret')).toBeNull();
    await keychain.setSecret('exchange-secret', 's3cr3t');
    await keychain.setSecret('other', 'o');
    expect(await keychain.getSecret('exchange-secret')).toBe('s3cr3t');
    expect(await keychain.getToken()).toBe('token-1');
    await keychain.deleteSecret('exchange-secret');
    expect(await keychain.getSecret('exchange-secret')).toBeNull();
    expect(await keychain.getSecret('other')).toBe('o');
    expect(await keychain.getToken()).toBe('token-1');
    await keychain.deleteSecret('other');
    await keychain.deleteToken();
  });

  it("removes this server's secrets by name prefix, and nothing else", async () => {
    const keytar = await loadKeytar();
    expect(typeof keytar.findCredentials).toBe('function');
    const server = createKeytarKeychain(keytar, `https://s-${randomUUID()}.example`);
    const other = createKeytarKeychain(keytar, `https://o-${randomUUID()}.example`);
    await server.setToken('token-1');
    await server.setSecret('exchange-secret:a@example.com', 'a');
    await server.setSecret('exchange-secret:b@example.com', 'b');
    await server.setSecret('kept', 'k');
    await other.setSecret('exchange-secret:a@example.com', 'other');
    await server.deleteSecretsStartingWith!('exchange-secret:');
    expect(await server.getSecret('exchange-secret:a@example.com')).toBeNull();
    expect(await server.getSecret('exchange-secret:b@example.com')).toBeNull();
    expect(await server.getSecret('kept')).toBe('k');
    expect(await server.getToken()).toBe('token-1');
    expect(await other.getSecret('exchange-secret:a@example.com')).toBe('other');
    await server.deleteSecret('kept');
    await server.deleteToken();
    await other.deleteSecret('exchange-secret:a@example.com');
  });

  it('keeps one entry per server', async () => {
    const keytar = await loadKeytar();
    const a = createKeytarKeychain(keytar, `https://a-${randomUUID()}.example`);
    const b = createKeytarKeychain(keytar, `https://b-${randomUUID()}.example`);
    await a.setToken('for-a');
    expect(await b.getToken()).toBeNull();
    await a.deleteToken();
  });

  it('is what the picker chooses when the keyring works', async () => {
    const warnings: string[] = [];
    const keychain = await pickKeychain({
      account: `test-${randomUUID()}`,
      warn: (m) => warnings.push(m),
    });
    expect(keychain.kind).toBe('keytar');
    expect(warnings).toEqual([]);
  });
});
