import { ValidationError } from 'yup';
import {
  ipcPayloadSchemas,
  isIpcChannel,
  type IpcChannel,
  type IpcEvent,
  type IpcEvents,
  type IpcResult,
  type IpcValue,
} from '../../../common/ipc/contract';
import type { EventListener, IpcPorts } from '../ports/types';
import { accountArea } from './areas/account';
import { billingArea } from './areas/billing';
import { botsArea } from './areas/bots';
import { cyclesArea } from './areas/cycles';
import { exchangeArea } from './areas/exchange';
import { appArea, settingsArea } from './areas/local';
import { notificationsArea } from './areas/notifications';
import { sessionArea } from './areas/session';
import { strategiesArea } from './areas/strategies';
import { createCall, type HandlerContext, type IpcArea } from './context';
import { createEventHub } from './events';
import { createMemberFeeds } from './member-feeds';
import { HandlerRegistry } from './registry';
import { fail } from './result';
import { createSessionLifecycle } from './session-lifecycle';

export const IPC_AREAS: readonly IpcArea[] = [
  sessionArea,
  accountArea,
  settingsArea,
  notificationsArea,
  appArea,
  strategiesArea,
  exchangeArea,
  botsArea,
  cyclesArea,
  billingArea,
];

export interface IpcHandlers {
  /** Accepts anything from a transport: the channel and payload are checked here. */
  invoke(channel: unknown, payload?: unknown): Promise<IpcResult<unknown>>;
  /** Typed call for main's own code and tests. */
  call<C extends IpcChannel>(channel: C, payload: unknown): Promise<IpcResult<IpcValue<C>>>;
  /** Main's events for the renderer; returns the unsubscribe function. */
  on(listener: EventListener): () => void;
  /** Lets the app glue raise events (deep links -> app:navigate). */
  emit<E extends IpcEvent>(event: E, payload: IpcEvents[E]): void;
  /** Stops the live feeds (tickers, bot events); the handlers still answer afterwards. */
  close(): void;
}

async function validate(channel: IpcChannel, payload: unknown): Promise<IpcResult<unknown>> {
  const value = payload === undefined || payload === null ? {} : payload;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return fail(400, 'The request payload must be an object.');
  }
  try {
    return {
      ok: true,
      value: await ipcPayloadSchemas[channel].validate(value, { abortEarly: true }),
    };
  } catch (error) {
    if (error instanceof ValidationError) return fail(400, error.errors[0] ?? error.message);
    throw error;
  }
}

/** Builds main's IPC handlers over the given ports; the same code in Electron and plain Node. */
export function createIpcHandlers(ports: IpcPorts, areas: readonly IpcArea[] = IPC_AREAS): IpcHandlers {
  const registry = new HandlerRegistry();
  for (const area of areas) registry.register(area);
  const events = ports.events ?? createEventHub();
  const ctx: HandlerContext = { ports, events, call: createCall(ports) };
  // The streams and checks main holds while a member is signed in, and the session they follow.
  const member = createMemberFeeds({ ports, events, call: ctx.call, onSessionExpired: () => session.expire() });
  const session = createSessionLifecycle({ ports, events, feeds: () => member.feeds });

  async function run(channel: IpcChannel, payload: unknown): Promise<IpcResult<unknown>> {
    const handler = registry.get(channel);
    if (!handler) return fail(400, `No handler for IPC channel '${channel}'.`);
    const checked = await validate(channel, payload);
    if (!checked.ok) return checked;
    return session.follow(channel, () => handler(checked.value as never, ctx));
  }

  async function invoke(channel: unknown, payload?: unknown): Promise<IpcResult<unknown>> {
    if (!isIpcChannel(channel)) return fail(400, `Unknown IPC channel '${String(channel).slice(0, 80)}'.`);
    try {
      return await run(channel, payload);
    } catch (error) {
      // Errors cross IPC as values: a keychain or disk failure becomes a 500 the renderer can show.
      console.error(`GridDesk: IPC ${channel} failed`, error);
      return fail(500, error instanceof Error ? error.message : String(error));
    }
  }

  // A member still signed in from the last run hears about their bots before a window asks
  // (each feed reads the keychain first and stays idle without a token).
  member.startAtLaunch();

  return {
    invoke,
    call: (channel, payload) => invoke(channel, payload) as never,
    on: (listener) => events.subscribe(listener),
    emit: (event, payload) => events.emit(event, payload),
    close: () => session.stopFeeds(),
  };
}
