/**
 * The member's session as main's handlers follow it: the live feeds run while a member is signed
 * in, a 401 ends the session once and says so (session:expired), and a call answered in another
 * session than the one it began in is stale: its 401 expires nothing (announcing an expiry would
 * pull a member who logged out, or in again, off the page they moved on to) and its SessionInfo
 * moves no feed.
 */
import type { IpcChannel, IpcResult, SessionInfo } from '../../../common/ipc/contract';
import type { EventHub, IpcPorts } from '../ports/types';
import type { MemberFeed } from './member-feeds';
import { clearSession } from './session-state';

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

export interface SessionLifecycle {
  /** Ends the session a 401 said was gone, once however many say so at once. */
  expire(): Promise<void>;
  /** Runs one checked call in the session it begins in, and follows what its answer says of the session. */
  follow(channel: IpcChannel, run: () => Promise<IpcResult<unknown>>): Promise<IpcResult<unknown>>;
  /** Stops the live feeds (main closes its handlers). */
  stopFeeds(): void;
}

/** `feeds()`: the member's live feeds (made after this, since they expire the session through it). */
export function createSessionLifecycle(deps: {
  ports: IpcPorts;
  events: EventHub;
  feeds: () => readonly MemberFeed[];
}): SessionLifecycle {
  const startFeeds = () => deps.feeds().forEach((feed) => feed.start());
  const stopFeeds = () => deps.feeds().forEach((feed) => feed.stop());
  /** Counts session starts and ends. */
  let generation = 0;
  let expiring: Promise<void> | null = null;

  async function endExpiredSession(): Promise<void> {
    // A stream's 401 after a logout finds no session held: nothing to announce.
    if (!(await deps.ports.keychain.getToken().catch(() => null))) return;
    generation += 1;
    stopFeeds();
    await clearSession(deps.ports);
    deps.events.emit('session:expired', {});
  }

  /** Both streams may answer 401 at once: one expiry, one announcement. */
  function expire(): Promise<void> {
    expiring ??= endExpiredSession().finally(() => {
      expiring = null;
    });
    return expiring;
  }

  function followAnswer(channel: IpcChannel, result: IpcResult<unknown>): void {
    if (!result.ok || !SESSION_ANSWERS.has(channel)) return;
    // A new session (maybe another member's) never inherits the last one's streams or position.
    if (SESSION_CHANGES.has(channel)) stopFeeds();
    if ((result.value as SessionInfo).signedIn) startFeeds();
    else stopFeeds();
  }

  async function follow(channel: IpcChannel, run: () => Promise<IpcResult<unknown>>): Promise<IpcResult<unknown>> {
    // Closed before the server forgets the token, so a stream's 401 is not read as an expiry.
    if (channel === 'session:logout') stopFeeds();
    const began = generation;
    const result = await run();
    if (SESSION_CHANGES.has(channel)) generation += 1;
    else if (began !== generation) return result;
    if (!result.ok && result.error.status === 401 && !NO_EXPIRY_ON_401.has(channel)) await expire();
    followAnswer(channel, result);
    return result;
  }

  return { expire, follow, stopFeeds };
}
