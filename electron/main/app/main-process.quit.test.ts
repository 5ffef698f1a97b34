/**
 * Electron main's glue around quitting and the window (see main-process.test.ts for the fake
 * `electron` and the harness): the question before bots pause, the window hidden to the tray or
 * closed, and its size, place and maximised state kept across runs.
 */
import './testing/main-mocks'; // first: replaces electron and friends for what follows
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_TEXT } from '../../../common/messages';
import { electronState, FakeBrowserWindow } from './testing/fake-electron';
import { current, startMain, type MainRun } from './testing/main-harness';

let run: MainRun | null = null;
afterEach(async () => {
  await run?.stop();
  run = null;
});

const state = () => electronState();
const quitted = () => vi.waitFor(() => expect(state().app.quitted).toBe(true));

describe('quitting', () => {
  it('asks before the bots running here pause: Keep running cancels, Quit closes the server first', async () => {
    run = await startMain({ embedded: true, bots: 2, cycles: 1 });
    await vi.waitFor(() => expect(run!.tray().tooltip).toBe(DESKTOP_TEXT.tray.tooltip(2, 1)));
    const win = run.window();

    state().answerMessageBox = () => 1; // Keep running
    state().app.quit();
    await vi.waitFor(() => expect(state().messageBoxes).toHaveLength(1));
    expect(state().messageBoxes[0]).toMatchObject({
      message: DESKTOP_TEXT.quit.message,
      detail: DESKTOP_TEXT.quit.detail(2, 1),
      buttons: [DESKTOP_TEXT.quit.quit, DESKTOP_TEXT.quit.cancel],
      cancelId: 1,
      parented: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state().app.quitted).toBe(false);
    expect(current.serverClosed).toBe(0);
    expect(win.destroyed).toBe(false);

    state().answerMessageBox = () => 0; // Quit
    state().app.quit();
    await quitted();
    expect(state().messageBoxes).toHaveLength(2);
    expect(current.serverClosed).toBe(1);
    // Quitting closes the window for good (no hiding to a tray that is gone).
    expect(win.destroyed).toBe(true);
    expect(run.tray().destroyed).toBe(true);
  });

  it('asks with the window in the tray too, and when the counts are unknown (nobody signed in)', async () => {
    run = await startMain({ embedded: true, token: null });
    run.window().close();
    state().answerMessageBox = () => 0;
    run.tray().item(DESKTOP_TEXT.tray.quit).click!();
    await quitted();
    expect(state().messageBoxes).toMatchObject([{ detail: DESKTOP_TEXT.quit.detail(null, null), parented: false }]);
  });

  it('does not ask again when the member agreed elsewhere (the updater restarting into an update)', async () => {
    run = await startMain({ embedded: true, bots: 1 });
    await vi.waitFor(() => expect(run!.tray().tooltip).toBe(DESKTOP_TEXT.tray.tooltip(1, 0)));
    run.controls.skipQuitQuestion();
    state().app.quit();
    await quitted();
    expect(state().messageBoxes).toEqual([]);
    expect(current.serverClosed).toBe(1);
  });

  it('quits without asking when no bot or cycle runs, or when the server is remote', async () => {
    run = await startMain({ embedded: true, bots: 0, cycles: 0 });
    await vi.waitFor(() => expect(run!.tray().tooltip).toBe(DESKTOP_TEXT.tray.tooltip(0, 0)));
    state().app.quit();
    await quitted();
    expect(state().messageBoxes).toEqual([]);
    expect(current.serverClosed).toBe(1);
    await run.stop();

    run = await startMain({ embedded: false, bots: 3 });
    await vi.waitFor(() => expect(run!.tray().tooltip).toBe(DESKTOP_TEXT.tray.tooltip(3, 0)));
    state().app.quit();
    await quitted();
    expect(state().messageBoxes).toEqual([]);
  });
});

describe('closing the window', () => {
  it('hides it while the tray keeps the app running', async () => {
    run = await startMain();
    const win = run.window();
    win.close();
    expect(win.destroyed).toBe(false);
    expect(win.visible).toBe(false);
    state().app.emit('activate');
    expect(win.visible).toBe(true);
  });

  it('quits on Windows and Linux where there is no tray', async () => {
    run = await startMain({ noTray: true, embedded: false });
    expect(state().trays).toHaveLength(0);
    run.window().close();
    await quitted();
  });

  it('keeps the app in the dock on macOS without a tray, and opens a new window on activate', async () => {
    run = await startMain({ noTray: true, platform: 'darwin' });
    const first = run.window();
    first.close();
    expect(first.destroyed).toBe(true);
    expect(state().app.quitCalls).toBe(0);
    state().app.emit('activate');
    expect(FakeBrowserWindow.getAllWindows()).toHaveLength(1);
    expect(run.window()).not.toBe(first);
  });
});

describe('window state', () => {
  it('keeps size, place and maximised state, fitted to the displays connected at the next start', async () => {
    const laptop = { x: 0, y: 0, width: 1440, height: 900 };
    const monitor = { x: 1440, y: 0, width: 2560, height: 1440 };
    run = await startMain({ embedded: false, displays: [laptop, monitor] });
    const win = run.window();
    expect(win.options).toMatchObject({ width: 1280, height: 800 });
    win.bounds = { x: 1600, y: 200, width: 1700, height: 1000 };
    win.maximize();
    win.close();
    await run.stop();

    // Same displays: the same place.
    run = await startMain({ embedded: false, displays: [laptop, monitor], keepSettings: true });
    expect(run.window().options).toMatchObject({ x: 1600, y: 200, width: 1700, height: 1000 });
    expect(run.window().maximized).toBe(true);
    run.window().close();
    await run.stop();

    // The monitor is gone: on the laptop, no larger than its screen, placed by the OS.
    run = await startMain({ embedded: false, displays: [laptop], keepSettings: true });
    const options = run.window().options;
    expect(options).toMatchObject({ width: 1440, height: 900 });
    expect(options.x).toBeUndefined();
    expect(options.y).toBeUndefined();
  });
});
