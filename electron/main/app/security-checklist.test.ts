/**
 * Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security), item
 * by item, against the real wiring of main (fake `electron`, see testing/fake-electron.ts), the
 * preload, the CSP and the packaging configuration. Where an item cannot be checked without an
 * Electron binary, the test checks what the binary is configured with; the note says which.
 * Numbers follow the checklist's order, so a reviewer can tick it off here.
 */
import './testing/main-mocks'; // first: replaces electron and friends for what follows
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { remoteServerUrl } from '../server-url';
import { APP_CSP } from './protocol';
import { electronState, FakeBrowserWindow } from './testing/fake-electron';
import { current, startMain, type MainRun } from './testing/main-harness';

const root = join(import.meta.dirname, '..', '..', '..');
const state = () => electronState();

let run: MainRun | null = null;
afterEach(async () => {
  await run?.stop();
  run = null;
});

/** The main window's webPreferences as main created it. */
async function preferences(options: Parameters<typeof startMain>[0] = {}) {
  run = await startMain({ embedded: false, ...options });
  return run.window().options.webPreferences as Record<string, unknown>;
}

/** A cancellable event as Electron hands it to a listener. */
function cancellable(url: string) {
  return {
    url,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

/** Directives of a CSP string, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The CSP the renderer's own index.html carries (the preview host serves it too). */
function pageCsp(): string {
  const html = readFileSync(join(root, 'renderer', 'index.html'), 'utf8');
  const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
  if (!csp) throw new Error('renderer/index.html has no CSP meta tag');
  return csp;
}

/** Every production .ts file under electron/ (tests and testing/ folders left out). */
function electronSources(dir = join(root, 'electron')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : electronSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe("Electron's security checklist", () => {
  it('1. loads only secure content: its own app:// pages, and a remote server only over https', async () => {
    run = await startMain({ embedded: false });
    expect(run.window().webContents.loadedUrl).toBe('app://griddesk/index.html');
    expect(state().privilegedSchemes).toMatchObject([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
    expect(remoteServerUrl('https://platform.example.com')).toBe('https://platform.example.com');
    expect(() => remoteServerUrl('http://platform.example.com')).toThrow(/https/);
  });

  it('1. (npm run dev) loads the dev server URL only when not packaged, and only a loopback http one', async () => {
    const dev = { VITE_DEV_SERVER_URL: 'http://127.0.0.1:5174/' };
    run = await startMain({ embedded: false, env: dev });
    expect(run.window().webContents.loadedUrl).toBe('http://127.0.0.1:5174/');
    // Its page may call main, as app:// may; another origin still may not.
    expect(await run.invoke('app:info', {}, 'http://127.0.0.1:5174/')).toMatchObject({ ok: true });
    expect(await run.invoke('app:info', {}, 'http://127.0.0.1:5175/')).toMatchObject({ ok: false, error: { status: 403 } });
    await run.stop();

    // Packaged: the variable is ignored, whatever it says.
    run = await startMain({ embedded: false, packaged: true, env: dev });
    expect(run.window().webContents.loadedUrl).toBe('app://griddesk/index.html');
    expect(await run.invoke('app:info', {}, 'http://127.0.0.1:5174/')).toMatchObject({ ok: false, error: { status: 403 } });
    await run.stop();

    // Not loopback http: ignored too.
    for (const url of ['https://127.0.0.1:5174/', 'http://example.com:5174/', 'http://user:pw@127.0.0.1:5174/']) {
      run = await startMain({ embedded: false, env: { VITE_DEV_SERVER_URL: url } });
      expect(run.window().webContents.loadedUrl).toBe('app://griddesk/index.html');
      await run.stop();
    }
    run = null;
  });

  it('2. gives no page Node.js: not the window, its workers, nor any sub-frame', async () => {
    expect(await preferences()).toMatchObject({
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });

  it('3. isolates the page from the preload (contextIsolation)', async () => {
    expect((await preferences()).contextIsolation).toBe(true);
  });

  it('4. sandboxes every renderer, app-wide and in the window', async () => {
    expect((await preferences()).sandbox).toBe(true);
    expect(state().app.sandboxed).toBe(true);
  });

  it('5. refuses every permission request and check but writing to the clipboard', async () => {
    run = await startMain({ embedded: false });
    const granted = (permission: string) =>
      new Promise<boolean>((resolve) => state().permissionRequest!(null, permission, resolve));
    expect(await granted('clipboard-sanitized-write')).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'fullscreen']) {
      expect(await granted(permission)).toBe(false);
      expect(state().permissionCheck!(null, permission)).toBe(false);
    }
  });

  it('6. keeps webSecurity on', async () => {
    expect((await preferences()).webSecurity).toBe(true);
  });

  it("7. sends a CSP with every page, with scripts only from the app's own origin", async () => {
    run = await startMain({ embedded: false });
    const page = await state().protocolHandlers.get('app')!(new Request('app://griddesk/index.html'));
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    for (const csp of [APP_CSP, pageCsp()]) {
      const policy = directives(csp);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(csp).not.toMatch(/unsafe-eval|unsafe-hashes|strict-dynamic|\*/);
    }
    // The packaged app has no network from the page at all: everything goes through main.
    expect(directives(APP_CSP).get('connect-src')).toEqual(["'none'"]);
    const html = readFileSync(join(root, 'renderer', 'index.html'), 'utf8');
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" src="./main.tsx">']);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('8. never runs insecure content in a secure page', async () => {
    expect((await preferences()).allowRunningInsecureContent).toBe(false);
  });

  it('9 and 10. turns on no experimental or extra Blink feature (and turns off Auxclick)', async () => {
    const webPreferences = await preferences();
    expect(webPreferences.experimentalFeatures).toBeUndefined();
    expect(webPreferences.enableBlinkFeatures).toBeUndefined();
    expect(webPreferences.disableBlinkFeatures).toBe('Auxclick');
  });

  it('11 and 12. allows no <webview>: the tag is off and any attach is refused', async () => {
    expect((await preferences()).webviewTag).toBe(false);
    const attach = cancellable('app://griddesk/index.html');
    run!.window().webContents.emit('will-attach-webview', attach, {}, {});
    expect(attach.defaultPrevented).toBe(true);
  });

  it('13. limits navigation: nowhere outside the app, not even by redirect or from a frame', async () => {
    run = await startMain({ embedded: false });
    const contents = run.window().webContents;
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://elsewhere/index.html']) {
        const navigation = cancellable(url);
        contents.emit(event, navigation, url);
        expect(navigation.defaultPrevented, `${event} ${url}`).toBe(true);
      }
    }
  });

  it('14. creates no new window: every window.open and target=_blank is denied', async () => {
    run = await startMain({ embedded: false });
    const open = run.window().webContents.windowOpenHandler!;
    for (const url of ['https://evil.example/', 'app://griddesk/index.html', 'about:blank']) {
      expect(open({ url })).toEqual({ action: 'deny' });
    }
    expect(FakeBrowserWindow.all).toHaveLength(1);
  });

  it('15. calls shell.openExternal only where a reviewed check of the URL precedes it', () => {
    const callers = electronSources()
      .filter((file) => /\bopenExternal\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    // Each caller is reviewed in scripts/electronegativity.mjs (OPEN_EXTERNAL_JS_CHECK).
    const reviewed = readFileSync(join(root, 'scripts', 'electronegativity.mjs'), 'utf8');
    for (const file of callers) {
      expect(reviewed, `${file} calls openExternal without a review`).toContain(
        `'OPEN_EXTERNAL_JS_CHECK ${file.replace(/^electron\//, '')}'`,
      );
    }
  });

  it('16. ships the Electron it was checked against: the pin, the installed one and the scanner agree', () => {
    const pinned = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies.electron;
    const installed = (createRequire(import.meta.url)('electron/package.json') as { version: string }).version;
    expect(installed).toBe(pinned);
    const scanner = readFileSync(join(root, 'scripts', 'electronegativity.mjs'), 'utf8');
    expect(scanner).toContain(`'-e', '${pinned}'`);
  });

  it('17. answers IPC only from frames of the app itself', async () => {
    run = await startMain({ embedded: false });
    expect(await run.invoke('app:info')).toMatchObject({ ok: true });
    for (const url of ['https://evil.example/', 'file:///index.html', 'app://elsewhere/index.html', '']) {
      expect(await run.invoke('app:info', {}, url), url).toMatchObject({
        ok: false,
        error: { status: 403 },
      });
    }
  });

  it('18. serves the page over a custom protocol, never file://, and nothing outside its folder', async () => {
    run = await startMain({ embedded: false });
    const serve = state().protocolHandlers.get('app')!;
    expect(run.window().webContents.loadedUrl).not.toMatch(/^file:/);
    // A file beside the renderer's folder, which a path that climbs out would reach.
    await writeFile(join(current.dir, 'beside.txt'), 'not for the page');
    for (const path of ['/../beside.txt', '/%2e%2e/beside.txt', '/..%2fbeside.txt', '/..%5cbeside.txt']) {
      expect((await serve(new Request(`app://griddesk${path}`))).status, path).toBe(404);
    }
    expect((await serve(new Request('app://griddesk/index.html', { method: 'POST' }))).status).toBe(405);
  });

  it('19. flips the fuses that would turn the signed app into something else', () => {
    const { createConfig } = createRequire(import.meta.url)(join(root, 'build', 'builder-config.cjs')) as {
      createConfig(env: Record<string, string>): { electronFuses: Record<string, boolean> };
    };
    // What the packaged binary is flipped with (electron-builder applies them; FUSES.md says why).
    expect(createConfig({}).electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      enableCookieEncryption: true,
    });
  });

  it('20. exposes no Electron API to the page: one object with invoke and on', async () => {
    vi.resetModules();
    await import('../../preload/index');
    expect([...state().exposed.keys()]).toEqual(['griddesk']);
    expect(Object.keys(state().exposed.get('griddesk') as object).sort()).toEqual(['invoke', 'on']);
  });

  it('and DevTools stay closed in an installed build', async () => {
    expect((await preferences({ packaged: true })).devTools).toBe(false);
    let closed = 0;
    const contents = run!.window().webContents as unknown as { closeDevTools(): void; emit(e: string): void };
    contents.closeDevTools = () => (closed += 1);
    contents.emit('devtools-opened');
    expect(closed).toBe(1);
  });
});
