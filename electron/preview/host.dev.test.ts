/**
 * The preview host under `npm run dev` and the command it names: the 403 names the command that
 * printed the link (it said `npm run preview` even after `npm start`); the development secret
 * keeps the link and the let-in browser across a restart; the page and its modules come from
 * Vite's dev server with the bridge in, and the HMR socket is piped only for a launched browser.
 * The one-time link of `npm start` and `npm run preview` is host.secret.test.ts's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePlatformServer, type FakePlatformServer } from '../testing/fake-platform-server';
import { createMemoryKeychain } from '../main/ports/memory-keychain';
import { createDevelopmentKeychain } from './dev-keychain';
import { keptDevelopmentSecret } from './dev-secret';
import { startPreviewHost, type PreviewHost, type PreviewHostOptions } from './host';
import { launchCommand } from './launch-command';
import { launchCookie } from './testing/host-client';

let dir: string;
let platform: FakePlatformServer;
const hosts: PreviewHost[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-preview-dev-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer/index.html'), '<!doctype html><html><head></head><body>built</body></html>');
  platform = await startFakePlatformServer();
});
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  await platform.close();
  await rm(dir, { recursive: true, force: true });
});

async function host(options: Partial<PreviewHostOptions> = {}): Promise<PreviewHost> {
  const started = await startPreviewHost({
    serverUrl: platform.url,
    rendererDir: join(dir, 'renderer'),
    settingsDir: join(dir, 'settings'),
    keychain: createMemoryKeychain(),
    ...options,
  });
  hosts.push(started);
  return started;
}

describe('launchCommand: the command the person ran, from npm_lifecycle_event', () => {
  it.each([
    [{ npm_lifecycle_event: 'start' }, 'npm start'],
    [{ npm_lifecycle_event: 'preview' }, 'npm run preview'],
    [{ npm_lifecycle_event: 'dev' }, 'npm run dev'],
    [{}, 'npm run preview'],
    [{ npm_lifecycle_event: 'x; rm -rf' }, 'npm run preview'],
  ] as [Record<string, string>, string][])('%j -> %s', (env, command) => {
    expect(launchCommand(env)).toBe(command);
  });
});

describe('the 403 names the command that was run', () => {
  it('after npm start, the page and the bridge say npm start, not npm run preview', async () => {
    const started = await host({ command: 'npm start' });
    const page = await fetch(`${started.url}/`);
    expect(page.status).toBe(403);
    expect(page.headers.get('content-security-policy')).not.toContain('blob:'); // the built page's CSP stays strict
    const html = await page.text();
    expect(html).toContain('the launch link that npm start printed');
    expect(html).not.toContain('npm run preview');
    const invoked = await fetch(`${started.url}/__griddesk/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: started.url },
      body: JSON.stringify({ channel: 'settings:get', payload: {} }),
    });
    expect(((await invoked.json()) as { message: string }).message).toContain('npm start printed');
    const bridge = await (await fetch(`${started.url}/__griddesk/bridge.js`)).text();
    expect(bridge).toContain('npm start printed');
  });
});

describe('npm run dev: the kept secret', () => {
  it('keeps the link and the let-in browser across a restart on the same port', async () => {
    const file = join(dir, 'preview', 'dev-launch.json');
    const kept = await keptDevelopmentSecret(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await keptDevelopmentSecret(file)).toEqual(kept);

    const first = await host({ keptSecret: kept });
    const link = first.launchUrl();
    const cookie = await launchCookie(first);
    expect(first.launchUrl()).toBe(link); // not spent: the same link after use
    const port = first.port;
    await first.close();
    hosts.length = 0;

    const second = await host({ keptSecret: await keptDevelopmentSecret(file), port });
    expect(second.launchUrl()).toBe(link);
    expect((await fetch(`${second.url}/`, { headers: { cookie } })).status).toBe(200);
  });

  it('keeps the sign-in in an owner-only file', async () => {
    const file = join(dir, 'preview', 'dev-keychain.json');
    await createDevelopmentKeychain(file).setToken('tok-9');
    expect(await createDevelopmentKeychain(file).getToken()).toBe('tok-9');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await createDevelopmentKeychain(file).deleteToken();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ token: null });
  });
});

describe('npm run dev: pages from the dev server', () => {
  let vite: Server;
  let viteUrl: string;
  const upgrades: string[] = [];
  beforeEach(async () => {
    upgrades.length = 0;
    vite = createServer((req, res) => {
      if (req.headers['if-none-match'] === 'W/"v1"') {
        res.writeHead(304, { etag: 'W/"v1"', 'cache-control': 'no-cache' });
        res.end();
      } else if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html', etag: 'W/"v1"' });
        res.end('<!doctype html><html><head><script type="module" src="/@vite/client"></script></head><body>dev</body></html>');
      } else {
        const immutable = req.url?.startsWith('/node_modules/.vite/deps/');
        res.writeHead(200, {
          'content-type': 'text/javascript',
          etag: 'W/"v1"',
          'cache-control': immutable ? 'max-age=31536000,immutable' : 'no-cache',
        });
        res.end(`export const path = ${JSON.stringify(req.url)};`);
      }
    });
    vite.on('upgrade', (req, socket) => {
      upgrades.push(`${req.url} ${req.headers.host}`);
      socket.end('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\nhello');
    });
    await new Promise<void>((done) => vite.listen(0, '127.0.0.1', done));
    viteUrl = `http://127.0.0.1:${(vite.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    vite.closeAllConnections();
    await new Promise((done) => vite.close(done));
  });

  /** The raw answer to an upgrade request, up to the first bytes after the head. */
  async function upgrade(started: PreviewHost, cookie: string | null): Promise<string> {
    const { connect } = await import('node:net');
    return new Promise((done) => {
      const socket = connect(started.port, '127.0.0.1', () => {
        socket.write(
          `GET /?token=t HTTP/1.1\r\nHost: 127.0.0.1:${started.port}\r\nOrigin: ${started.url}\r\n` +
            `${cookie ? `Cookie: ${cookie}\r\n` : ''}Upgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
        );
      });
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('close', () => done(answer));
      socket.on('error', () => done(answer));
    });
  }

  it('serves the dev server page with the bridge first, its modules, and only to a launched browser', async () => {
    const started = await host({ devServerUrl: viteUrl, command: 'npm run dev' });
    expect((await fetch(`${started.url}/`)).status).toBe(403);
    const cookie = await launchCookie(started);
    const page = await fetch(`${started.url}/`, { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain('dev');
    expect(html.indexOf('/__griddesk/bridge.js')).toBeLessThan(html.indexOf('/@vite/client'));
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    // Vite's client waits for a restarted preview in a blob: worker, then reloads the page.
    expect(csp).toContain("worker-src 'self' blob:");
    const module = await fetch(`${started.url}/src/App.tsx?t=1`);
    expect(await module.text()).toBe('export const path = "/src/App.tsx?t=1";');
  });

  it('lets the browser keep modules as the dev server says (a reload revalidates them), never the page', async () => {
    const started = await host({ devServerUrl: viteUrl });
    const cookie = await launchCookie(started);
    const page = await fetch(`${started.url}/`, { headers: { cookie, 'if-none-match': 'W/"v1"', 'sec-fetch-dest': 'document' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('/__griddesk/bridge.js');
    const module = await fetch(`${started.url}/src/App.tsx`, { headers: { 'sec-fetch-dest': 'script' } });
    expect(module.headers.get('cache-control')).toBe('no-cache');
    expect(module.headers.get('etag')).toBe('W/"v1"');
    const again = await fetch(`${started.url}/src/App.tsx`, {
      headers: { 'sec-fetch-dest': 'script', 'if-none-match': 'W/"v1"' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const dependency = await fetch(`${started.url}/node_modules/.vite/deps/react.js?v=1`);
    expect(dependency.headers.get('cache-control')).toBe('max-age=31536000,immutable');
  });

  it('pipes the HMR socket to the dev server for a launched browser only', async () => {
    const started = await host({ devServerUrl: viteUrl });
    expect(await upgrade(started, null)).toBe('');
    expect(upgrades).toEqual([]);
    const cookie = await launchCookie(started);
    expect(await upgrade(started, cookie)).toContain('101 Switching Protocols');
    expect(upgrades).toEqual([`/?token=t ${new URL(viteUrl).host}`]);
  });
});
