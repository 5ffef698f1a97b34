/**
 * The preload itself, run against the fake `electron` module: what it exposes to the page and
 * what it lets through to ipcRenderer (the allowlist's own test checks the names).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GriddeskBridge } from '../../common/ipc/contract';
import { electronState } from '../main/app/testing/fake-electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './allowlist';

vi.mock('electron', async () => (await import('../main/app/testing/fake-electron')).fakeElectron());

let bridge: GriddeskBridge;
beforeAll(async () => {
  await import('./index');
  bridge = electronState().exposed.get('griddesk') as GriddeskBridge;
});

describe('preload', () => {
  it('exposes window.griddesk and nothing else', () => {
    expect([...electronState().exposed.keys()]).toEqual(['griddesk']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
  });

  it('passes an allowed channel to main over the one invoke channel', async () => {
    expect(await bridge.invoke('notifications:setMuted', { kind: 'botStopped', muted: true })).toEqual({
      ok: true,
      value: 'from main',
    });
    expect(electronState().rendererInvokes.at(-1)).toEqual([
      INVOKE_CHANNEL,
      'notifications:setMuted',
      { kind: 'botStopped', muted: true },
    ]);
  });

  it('refuses a channel outside the contract without asking main', async () => {
    const before = electronState().rendererInvokes.length;
    expect(await bridge.invoke('shell:exec' as never, {} as never)).toMatchObject({
      ok: false,
      error: { status: 400, reason: 'request.malformed' },
    });
    expect(electronState().rendererInvokes).toHaveLength(before);
  });

  it("hands a listener only its event's payload, never the IPC event, until it unsubscribes", () => {
    const paths: unknown[] = [];
    const off = bridge.on('app:navigate', (payload) => paths.push(payload));
    const ipc = electronState().rendererIpc;
    ipc.emit(EVENT_CHANNEL, { sender: 'ipc event' }, 'session:expired', {});
    ipc.emit(EVENT_CHANNEL, { sender: 'ipc event' }, 'app:navigate', { path: '/history' });
    off();
    ipc.emit(EVENT_CHANNEL, { sender: 'ipc event' }, 'app:navigate', { path: '/dashboard' });
    expect(paths).toEqual([{ path: '/history' }]);
    expect(ipc.listenerCount(EVENT_CHANNEL)).toBe(0);
  });

  it('ignores an unknown event or a listener that is not a function', () => {
    const off = bridge.on('shell:output' as never, () => undefined);
    bridge.on('app:navigate', 'alert(1)' as never);
    expect(electronState().rendererIpc.listenerCount(EVENT_CHANNEL)).toBe(0);
    off();
  });
});
