import { ValidationError } from 'yup';
import {
  ipcPayloadSchemas,
  isIpcChannel,
  type IpcChannel,
  type IpcEvent,
  type IpcEvents,
  type IpcResult,
  type IpcValue,
  type SessionInfo,
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
import { clearSession } from './session-state';

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

/**
 * A 401 there means "wrong credentials" (login) or a token the member is giving up anyway
 * (logout), not a session that just expired under them.
 */
const NO_EXPIRY_ON_401: ReadonlySet<IpcChannel> = new Set(['session:login', 'session:logout']);

/** Channels that start or end a session. */
const SESSION_CHANGES: ReadonlySet<IpcChannel> = new Set(['session:login', 'account:verifyOtp', 'session:logout']);

/** Channels whose SessionInfo answer says whether a member is signed in (the live feeds follow it). */
const SESSION_ANSWERS: ReadonlySet<IpcChannel> = new Set([
  'session:current',
  'session:login',
  'account:verifyOtp',
  'session:logout',
]);

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
export function createIpcHandlers(
  ports: IpcPorts,
  areas: readonly IpcArea[] = IPC_AREAS,
): IpcHandlers {
  const registry = new HandlerRegistry();
  for (const area of areas) registry.register(area);
  const events = ports.events ?? createEventHub();
  const ctx: HandlerContext = { ports, events, call: createCall(ports) };
  // The streams and checks main holds while a member is signed in.
  const member = createMemberFeeds({ ports, events, call: ctx.call, onSessionExpired: expire });
  const feeds = member.feeds;
  const startFeeds = () => feeds.forEach((feed) => feed.start());
  const stopFeeds = () => feeds.forEach((feed) => feed.stop());

  /**
   * Counts session starts and ends. A call answered in another session than the one it began in
   * is stale: its 401 expires nothing (announcing an expiry would pull a member who logged out,
   * or in again, off the page they moved on to) and its SessionInfo moves no feed.
   */
  let generation = 0;
  let expiring: Promise<void> | null = null;

  /** Both streams may answer 401 at once: one expiry, one announcement. */
  function expire(): Promise<void> {
    expiring ??= endExpiredSession().finally(() => {
      expiring = null;
    });
    return expiring;
  }

  async function endExpiredSession(): Promise<void> {
    // A stream's 401 after a logout finds no session held: nothing to announce.
    if (!(await ports.keychain.getToken().catch(() => null))) return;
    generation += 1;
    stopFeeds();
    await clearSession(ports);
    events.emit('session:expired', {});
  }

  function followSession(channel: IpcChannel, result: IpcResult<unknown>): void {
    if (!result.ok || !SESSION_ANSWERS.has(channel)) return;
    // A new session (maybe another member's) never inherits the last one's streams or position.
    if (SESSION_CHANGES.has(channel)) stopFeeds();
    if ((result.value as SessionInfo).signedIn) startFeeds();
    else stopFeeds();
  }

  async function run(channel: IpcChannel, payload: unknown): Promise<IpcResult<unknown>> {
    const handler = registry.get(channel);
    if (!handler) return fail(400, `No handler for IPC channel '${channel}'.`);
    const checked = await validate(channel, payload);
    if (!checked.ok) return checked;
    // Closed before the server forgets the token, so a stream's 401 is not read as an expiry.
    if (channel === 'session:logout') stopFeeds();
    const began = generation;
    const result = await handler(checked.value as never, ctx);
    if (SESSION_CHANGES.has(channel)) generation += 1;
    else if (began !== generation) return result;
    if (!result.ok && result.error.status === 401 && !NO_EXPIRY_ON_401.has(channel)) await expire();
    followSession(channel, result);
    return result;
  }

  async function invoke(channel: unknown, payload?: unknown): Promise<IpcResult<unknown>> {
    if (!isIpcChannel(channel))
      return fail(400, `Unknown IPC channel '${String(channel).slice(0, 80)}'.`);
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
    close: stopFeeds,
  };
}
