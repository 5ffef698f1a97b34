import { IPC_CHANNELS, IPC_EVENTS } from '../../common/ipc/contract';
import { UI } from '../../common/messages';

export const BRIDGE_PATH = '/__griddesk/bridge.js';
export const INVOKE_PATH = '/__griddesk/invoke';
export const EVENTS_PATH = '/__griddesk/events';
export const OUTBOX_PATH = '/__griddesk/outbox';
/** What the preview's notifier showed (JSON), and `${NOTIFICATIONS_PATH}/<id>/click`. */
export const NOTIFICATIONS_PATH = '/__griddesk/notifications';
/** The tray's stand-in: the live counts main would show there (JSON `{ counts }`). */
export const TRAY_PATH = '/__griddesk/tray';

/*
 * The page script is plain text run in the browser, so it can call nothing of this module: it is
 * kept in parts, each a piece of its text, and bridgeScript joins them around its config.
 */

/** Opens the event stream: calls wait for `ready`; each event reaches its listeners as the payload alone. */
const EVENT_STREAM_SCRIPT = `  const listeners = new Map(config.events.map((name) => [name, new Set()]));
  const source = new EventSource(config.eventsPath);
  const ready = new Promise((resolve) => {
    source.addEventListener('open', resolve, { once: true });
    setTimeout(resolve, 3000);
    // Refused (403) streams close for good: calls need not wait out the 3 s.
    source.addEventListener('error', () => { if (source.readyState === 2) resolve(); });
  });
  for (const name of config.events) {
    source.addEventListener(name, (message) => {
      let payload;
      try { payload = JSON.parse(message.data); } catch { return; }
      for (const listener of listeners.get(name)) {
        try { listener(payload); } catch (error) { console.error(error); }
      }
    });
  }
`;

/** window.griddesk.invoke: an allowlisted channel, posted to the host once the stream is ready. */
const INVOKE_SCRIPT = `  async function invoke(channel, payload) {
    if (!channels.has(channel)) {
      return { ok: false, error: { status: 400, message: "Unknown IPC channel '" + String(channel) + "'.", reason: 'request.malformed' } };
    }
    await ready;
    try {
      const response = await fetch(config.invokePath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel, payload: payload === undefined ? {} : payload }),
      });
      if (response.status === 403) return { ok: false, error: { status: 403, message: config.locked, reason: 'desktop.preview_locked' } };
      return await response.json();
    } catch {
      return { ok: false, error: { status: 0, message: config.noResponse, reason: 'network.unreachable' } };
    }
  }
`;

/** window.griddesk.on: a listener of an allowlisted event; returns its unsubscribe. */
const ON_SCRIPT = `  function on(event, listener) {
    if (!events.has(event) || typeof listener !== 'function') return () => undefined;
    const wrapped = (payload) => listener(payload);
    listeners.get(event).add(wrapped);
    return () => { listeners.get(event).delete(wrapped); };
  }
`;

/**
 * window.griddesk for a browser page, with the same surface and checks as the Electron
 * preload: allowlisted channels and events, listeners get only the payload. Calls wait until
 * the event stream is open (or 3 s passed), so an event raised by a call (a 401's
 * session:expired) is never sent before the page listens. A browser the launch link did not let
 * in gets 403 for everything (launch-secret.ts): its calls fail with a message saying why.
 */
export function bridgeScript(locked: string = UI.previewLocked): string {
  const config = JSON.stringify({
    channels: IPC_CHANNELS,
    events: IPC_EVENTS,
    invokePath: INVOKE_PATH,
    eventsPath: EVENTS_PATH,
    noResponse: UI.noResponse,
    locked,
  });
  return `'use strict';
(() => {
  const config = ${config};
  const channels = new Set(config.channels);
  const events = new Set(config.events);
${EVENT_STREAM_SCRIPT}${INVOKE_SCRIPT}${ON_SCRIPT}  Object.defineProperty(window, 'griddesk', {
    value: Object.freeze({ invoke, on }),
    writable: false,
    configurable: false,
    enumerable: true,
  });
})();
`;
}
