/**
 * A scriptable `window.griddesk` for unit tests: each channel answers from a handler the test
 * sets, every call is recorded, and events can be emitted as main would.
 */
import type {
  GriddeskBridge,
  IpcChannel,
  IpcError,
  IpcEvent,
  IpcEvents,
  IpcPayload,
  IpcResult,
  IpcValue,
  SessionInfo,
} from '../../common/ipc/contract';
import { reasonOfStatus, type Reason } from '../../common/reasons';

type Handler<C extends IpcChannel> = (payload: IpcPayload<C>) => IpcResult<IpcValue<C>> | Promise<IpcResult<IpcValue<C>>>;

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });
export const fail = (status: number, message = '', reason?: Reason): { ok: false; error: IpcError } => ({
  ok: false,
  error: { status, message, reason: reason ?? reasonOfStatus(status) },
});

export const SIGNED_IN: SessionInfo = { signedIn: true, email: 'member@example.com', userData: null };
export const SIGNED_OUT: SessionInfo = { signedIn: false, email: null, userData: null };

export interface FakeBridge extends GriddeskBridge {
  calls: { channel: IpcChannel; payload: unknown }[];
  handle<C extends IpcChannel>(channel: C, handler: Handler<C>): void;
  emit<E extends IpcEvent>(event: E, payload: IpcEvents[E]): void;
  callsTo(channel: IpcChannel): unknown[];
}

/** A promise the test resolves later, to observe a screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function installFakeBridge(session: SessionInfo = SIGNED_OUT): FakeBridge {
  const handlers = new Map<IpcChannel, (payload: unknown) => unknown>();
  const listeners = new Map<IpcEvent, Set<(payload: unknown) => void>>();
  const bridge: FakeBridge = {
    calls: [],
    handle(channel, handler) {
      handlers.set(channel, handler as (payload: unknown) => unknown);
    },
    async invoke(channel, payload) {
      bridge.calls.push({ channel, payload });
      const handler = handlers.get(channel);
      if (!handler) return fail(500, `no fake handler for ${channel}`) as never;
      return (await handler(payload)) as never;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    emit(event, payload) {
      listeners.get(event)?.forEach((listener) => listener(payload));
    },
    callsTo(channel) {
      return bridge.calls.filter((c) => c.channel === channel).map((c) => c.payload);
    },
  };
  bridge.handle('session:current', () => ok(session));
  bridge.handle('settings:get', () => ok({ theme: 'light' as const }));
  bridge.handle('settings:setTheme', ({ theme }) => ok({ theme }));
  bridge.handle('notifications:settings', () => ok({ muted: [] }));
  bridge.handle('account:referralMandatory', () => ok({ mandatory: false }));
  bridge.handle('account:email', () => ok({ email: session.email ?? '' }));
  bridge.handle('session:logout', () => ok(SIGNED_OUT));
  window.griddesk = bridge;
  return bridge;
}
