/**
 * Electron main's glue, run for real against a fake `electron` module (testing/fake-electron.ts)
 * and a platform server on a socket: a wiring mistake in app/* (a handler not registered, a
 * window option dropped, the tray not following the counts, a click going nowhere) fails here.
 * What only a real Electron binary shows (native rendering, the OS tray and notification
 * centre, the protocol registration with the OS) is outside its reach.
 */
import './testing/main-mocks'; // first: replaces electron and friends for what follows
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STOP_REASON_TEXT } from '../../../common/api/stop-reasons';
import { DESKTOP_TEXT } from '../../../common/messages';
import { electronState, FakeBrowserWindow, type FakeNotification } from './testing/fake-electron';
import { current, INDEX_HTML, startMain, type MainRun } from './testing/main-harness';
import { botStopped } from '../testing/member-events';

const at = '2026-11-23T09:00:00.000Z';
let run: MainRun | null = null;
afterEach(async () => {
  await run?.stop();
  run = null;
});

const state = () => electronState();
const titles = () => state().notifications.map((n) => n.options.title);
const shown = (title: string): FakeNotification => {
  const found = state().notifications.find((n) => n.options.title === title);
  if (!found) throw new Error(`no notification '${title}' among ${JSON.stringify(titles())}`);
  return found;
};
const menuLabels = (menu: { template: Record<string, unknown>[] } | null) => menu?.template.map((m) => m.label ?? m.type);

describe('main start', () => {
  it('leaves at once when another GridDesk holds the single-instance lock', async () => {
    run = await startMain({ singleInstance: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state().app.quitCalls).toBe(1);
    expect(current.started).toBe(0);
    expect(FakeBrowserWindow.all).toHaveLength(0);
    expect(state().ipcHandlers.size).toBe(0);
  });

  it('opens one window on app://griddesk, served from the bundle (its hardening: security-checklist.test.ts)', async () => {
    run = await startMain();
    expect(state().app.getName()).toBe('GridDesk');
    const win = run.window();
    expect(win.options.webPreferences).toMatchObject({ preload: expect.stringMatching(/preload\.cjs$/) });
    expect(win.webContents.loadedUrl).toBe('app://griddesk/index.html');
    await vi.waitFor(() => expect(win.visible).toBe(true));

    const serve = state().protocolHandlers.get('app')!;
    const page = await serve(new Request('app://griddesk/index.html'));
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(INDEX_HTML);
    expect((await serve(new Request('app://elsewhere/index.html'))).status).toBe(404);
    expect(state().app.protocolClients).toEqual([['griddesk']]);
  });

  it('answers the renderer over ipcMain for app frames only', async () => {
    run = await startMain({ embedded: false });
    expect(await run.invoke('app:info')).toEqual({
      ok: true,
      value: { version: '0.1.0', platform: 'linux', mode: 'electron', serverUrl: current.url },
    });
    expect(await run.invoke('app:info', {}, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { status: 403 },
    });
    expect(await run.invoke('notifications:setMuted', { kind: 'cycleCompleted', muted: true })).toEqual({
      ok: true,
      value: { muted: ['cycleCompleted'] },
    });
    expect(await run.invoke('notifications:settings')).toEqual({
      ok: true,
      value: { muted: ['cycleCompleted'] },
    });
  });

  it('logs the embedded server to the terminal in development and to server.log in an installed build', async () => {
    run = await startMain();
    expect(current.startOptions?.logger).toBe(true);
    await run.stop();

    run = await startMain({ packaged: true });
    const logger = current.startOptions?.logger as { stream: { write(line: string): void } };
    logger.stream.write(`${JSON.stringify({ level: 30, msg: 'server listening' })}\n`);
    const logs = join(state().app.getPath('userData'), 'logs');
    expect(state().app.getPath('logs')).toBe(logs);
    expect(await readFile(join(logs, 'server.log'), 'utf8')).toContain('"msg":"server listening"');
  });

  it('says why it could not start and exits', async () => {
    run = await startMain({ startFails: true });
    await vi.waitFor(() => expect(state().app.exitCode).toBe(1));
    expect(state().errorBoxes).toEqual([
      {
        title: 'GridDesk could not start',
        content: 'The database folder is locked by another GridDesk.',
      },
    ]);
  });
});

describe('menus', () => {
  it('gives Windows and Linux File, Edit with copy and paste, and About under Help', async () => {
    run = await startMain();
    const menu = state().applicationMenu!;
    expect(menuLabels(menu)).toEqual(['File', 'Edit', 'View', 'Go', 'Window', 'Help']);
    const edit = menu.template[1]!.submenu as { role?: string }[];
    expect(edit.map((item) => item.role)).toEqual(expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll']));
    const help = menu.template[5]!.submenu as { label?: string }[];
    expect(help.map((item) => item.label)).toEqual([DESKTOP_TEXT.menu.about]);
  });

  it('gives macOS its app menu and puts Export diagnostics under Help when support tools are there', async () => {
    const exportDiagnostics = vi.fn();
    run = await startMain({ platform: 'darwin', hooks: { exportDiagnostics } });
    const menu = state().applicationMenu!;
    expect(menuLabels(menu)).toEqual(['GridDesk', 'Edit', 'View', 'Go', 'Window', 'Help']);
    const appMenu = menu.template[0]!.submenu as { label?: string; role?: string }[];
    expect(appMenu[0]!.label).toBe(DESKTOP_TEXT.menu.about);
    expect(appMenu.map((item) => item.role)).toEqual(expect.arrayContaining(['hide', 'quit']));
    const help = menu.template[5]!.submenu as { label?: string; click?: () => void }[];
    help.find((item) => item.label === DESKTOP_TEXT.menu.exportDiagnostics)!.click!();
    expect(exportDiagnostics).toHaveBeenCalledOnce();
  });

  it('shows About with the versions and copies them for support', async () => {
    run = await startMain();
    state().answerMessageBox = () => 1; // Copy
    const help = state().applicationMenu!.template[5]!.submenu as {
      label?: string;
      click?: () => void;
    }[];
    help.find((item) => item.label === DESKTOP_TEXT.menu.about)!.click!();
    await vi.waitFor(() => expect(state().clipboard).toHaveLength(1));
    expect(state().messageBoxes[0]).toMatchObject({
      title: DESKTOP_TEXT.about.title,
      message: 'GridDesk 0.1.0',
    });
    expect(state().clipboard[0]).toContain('Electron 45.4.1');
    expect(state().clipboard[0]).toContain('Platform server: embedded on this computer');
  });

  it('opens Settings from the menu on the window', async () => {
    run = await startMain();
    const file = state().applicationMenu!.template[0]!.submenu as {
      label?: string;
      accelerator?: string;
      click?: () => void;
    }[];
    const settings = file.find((item) => item.label === DESKTOP_TEXT.menu.settings)!;
    expect(settings.accelerator).toBe('CmdOrCtrl+,');
    settings.click!();
    expect(run.navigations()).toEqual(['/settings']);
  });
});

describe('tray', () => {
  it('shows the live counts, follows the member events and opens the quick links', async () => {
    run = await startMain({ bots: 2, cycles: 1 });
    const tray = () => run!.tray();
    await vi.waitFor(() => expect(tray().tooltip).toBe(DESKTOP_TEXT.tray.tooltip(2, 1)));
    expect(tray().item(DESKTOP_TEXT.tray.bots(2)).enabled).toBe(false);
    expect(tray().item(DESKTOP_TEXT.tray.cycles(1)).enabled).toBe(false);

    run.server.cycles = 2;
    run.push({ kind: 'cycle.started', cycleID: 'cy-9', name: 'ETHUSDT', at });
    await vi.waitFor(() => expect(tray().tooltip).toBe(DESKTOP_TEXT.tray.tooltip(2, 2)));
    run.server.bots = 1;
    run.push(botStopped());
    await vi.waitFor(() => expect(tray().item(DESKTOP_TEXT.tray.bots(1))).toBeTruthy());

    run.window().hide();
    tray().item(DESKTOP_TEXT.tray.startCycle).click!();
    tray().item(DESKTOP_TEXT.tray.startBot).click!();
    tray().item(DESKTOP_TEXT.tray.history).click!();
    tray().item(DESKTOP_TEXT.tray.dashboard).click!();
    expect(run.window().visible).toBe(true);
    expect(run.navigations()).toEqual(['/cycle', '/botcreate', '/history', '/dashboard']);
  });

  it('says nobody is signed in when nobody is, and counts once a member signs in', async () => {
    run = await startMain({ token: null, bots: 3, cycles: 0 });
    expect(run.tray().item(DESKTOP_TEXT.tray.signedOut)).toBeTruthy();
    await current.keychain!.setToken('tok-2');
    expect(await run.invoke('session:current')).toMatchObject({
      ok: true,
      value: { signedIn: true },
    });
    await vi.waitFor(() => expect(run!.tray().item(DESKTOP_TEXT.tray.bots(3))).toBeTruthy());
  });
});

describe('notifications', () => {
  it('keep coming with the window closed to the tray, and a click brings it back on the page', async () => {
    run = await startMain();
    const win = run.window();
    win.close();
    expect(win.destroyed).toBe(false);
    expect(win.visible).toBe(false);
    expect(state().app.quitCalls).toBe(0);

    run.push(botStopped());
    await vi.waitFor(() => shown('BTC/USDT bot stopped'));
    expect(shown('BTC/USDT bot stopped').options.body).toBe(STOP_REASON_TEXT.stoploss);
    shown('BTC/USDT bot stopped').emit('click');
    expect(win.visible).toBe(true);
    expect(run.navigations()).toEqual(['/history']);
  });

  it('leaves out a muted kind, from the next event on', async () => {
    run = await startMain();
    await run.invoke('notifications:setMuted', { kind: 'orderFailed', muted: true });
    run.push({
      kind: 'bot.orderFailed',
      botID: 'bot-1',
      name: 'BTCUSDT',
      message: 'Insufficient balance',
      at,
    });
    run.push({
      kind: 'cycle.completed',
      cycleID: 'cy-1',
      name: 'ETHUSDT',
      cycles: 2,
      profit: '4',
      at,
    });
    // Events arrive in order: once the completion shows, the failed order was already dropped.
    await vi.waitFor(() => shown('ETH/USDT cycle completed'));
    expect(titles()).toEqual(['ETH/USDT cycle completed']);
  });

  it('reminds of a subscription ending within 3 days at start; the click opens Subscription', async () => {
    run = await startMain({ expiresInMs: 2 * 86_400_000 - 60_000 });
    await vi.waitFor(() => shown(DESKTOP_TEXT.subscription.title));
    expect(shown(DESKTOP_TEXT.subscription.title).options.body).toBe(DESKTOP_TEXT.subscription.body(2));
    shown(DESKTOP_TEXT.subscription.title).emit('click');
    expect(run.navigations()).toEqual(['/subscription']);
  });
});

describe('single instance and griddesk:// links', () => {
  it('opens the window on the link that launched the app', async () => {
    run = await startMain({ argv: ['/opt/GridDesk/griddesk', 'griddesk://resetpassword/tok-123'] });
    expect(run.window().webContents.loadedUrl).toBe('app://griddesk/index.html#/resetpassword/tok-123');
  });

  it("brings the window up on a second launch, on the link it was given (a bot's page)", async () => {
    run = await startMain();
    const win = run.window();
    win.minimize();
    win.hide();
    state().app.emit('second-instance', {}, ['/opt/GridDesk/griddesk', 'griddesk://running-bot/b-7'], '/home/member');
    expect(win.minimized).toBe(false);
    expect(win.visible).toBe(true);
    expect(win.focused).toBeGreaterThan(0);
    state().app.emit('second-instance', {}, ['/opt/GridDesk/griddesk'], '/home/member');
    state().app.emit('second-instance', {}, ['/opt/GridDesk/griddesk', 'griddesk://running-bot/a.b'], '/');
    expect(run.navigations()).toEqual(['/running-bot/b-7']);
    expect(FakeBrowserWindow.getAllWindows()).toHaveLength(1);
  });

  it('takes macOS links from open-url', async () => {
    run = await startMain({ platform: 'darwin' });
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    state().app.emit('open-url', event, 'griddesk://resetpassword/tok-9');
    expect(event.defaultPrevented).toBe(true);
    expect(run.navigations()).toEqual(['/resetpassword/tok-9']);
  });
});
