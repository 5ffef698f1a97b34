import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { GriddeskBridge } from '../../common/ipc/contract';
import { UI } from '../../common/messages';
import { bridgeScript } from './bridge-script';

/** Runs the bridge as a page would, with fetch and EventSource stubbed. */
function load(answer: { status: number; body: unknown } = { status: 200, body: { ok: true, value: { theme: 'light' } } }) {
  const sources: { url: string; handlers: Map<string, (m: { data: string }) => void> }[] = [];
  const fetches: { url: string; body: unknown }[] = [];
  class FakeEventSource {
    handlers = new Map<string, (m: { data: string }) => void>();
    constructor(url: string) {
      sources.push({ url, handlers: this.handlers });
    }
    addEventListener(name: string, handler: (m: { data: string }) => void) {
      this.handlers.set(name, handler);
      if (name === 'open') handler({ data: '' });
    }
  }
  const window: { griddesk?: GriddeskBridge } = {};
  const fetch = async (url: string, init: { body: string }) => {
    fetches.push({ url, body: JSON.parse(init.body) as unknown });
    return { status: answer.status, json: async () => answer.body };
  };
  runInNewContext(bridgeScript(), {
    window,
    EventSource: FakeEventSource,
    fetch,
    setTimeout,
    console,
  });
  return { bridge: window.griddesk!, sources, fetches };
}

describe('preview bridge script', () => {
  it('posts allowlisted channels to the host and refuses others locally', async () => {
    const { bridge, fetches } = load();
    expect(await bridge.invoke('settings:get', {})).toEqual({
      ok: true,
      value: { theme: 'light' },
    });
    expect(fetches).toEqual([{ url: '/__griddesk/invoke', body: { channel: 'settings:get', payload: {} } }]);
    const refused = await bridge.invoke('shell:exec' as never, {} as never);
    expect(refused).toMatchObject({ ok: false, error: { status: 400 } });
    expect(fetches).toHaveLength(1);
  });

  it('turns a 403 from the host (a browser the launch link did not let in) into a failed call that says so', async () => {
    const { bridge } = load({ status: 403, body: { message: 'Forbidden' } });
    expect(await bridge.invoke('settings:get', {})).toEqual({
      ok: false,
      error: { status: 403, message: UI.previewLocked, reason: 'desktop.preview_locked' },
    });
  });

  it('hands listeners only the payload and stops after unsubscribe', () => {
    const { bridge, sources } = load();
    const seen: unknown[] = [];
    const off = bridge.on('app:navigate', (payload) => seen.push(payload));
    const deliver = sources[0]!.handlers.get('app:navigate')!;
    deliver({ data: JSON.stringify({ path: '/resetpassword/abc' }) });
    off();
    deliver({ data: JSON.stringify({ path: '/later' }) });
    expect(seen).toEqual([{ path: '/resetpassword/abc' }]);
    expect(sources[0]!.url).toBe('/__griddesk/events');
  });
});
