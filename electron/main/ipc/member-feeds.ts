/**
 * What main keeps running while a member is signed in: the ticker and member-event streams, the
 * tray's live counts and the subscription check. Each starts and stops with the session
 * (handlers.ts follows it); every notification goes through the member's mute switches first.
 */
import type { IpcEvents } from '../../../common/ipc/contract';
import { billingOps } from '../../../common/ops/billing';
import { botsOps } from '../../../common/ops/bots';
import { cyclesOps } from '../../../common/ops/cycles';
import { createBotEventFeed } from '../bot-events/bot-event-feed';
import { createTickerFeed } from '../market-feed/ticker-feed';
import { createLiveCounts } from '../member-watch/live-counts';
import { mutingNotifier } from '../member-watch/muting';
import { createSubscriptionWatch } from '../member-watch/subscription-watch';
import type { EventHub, IpcPorts, LiveCounts } from '../ports/types';
import type { HandlerContext } from './context';
import { forward } from './forward';

export interface MemberFeed {
  start(): void;
  stop(): void;
}

export interface MemberFeedsOptions {
  ports: IpcPorts;
  events: EventHub;
  call: HandlerContext['call'];
  /** A stream answered 401. */
  onSessionExpired(): Promise<void>;
}

export interface MemberFeeds {
  feeds: MemberFeed[];
  /** For a member still signed in from the last run (each checks the keychain first). */
  startAtLaunch(): void;
}

export function createMemberFeeds({ ports, events, call, onSessionExpired }: MemberFeedsOptions): MemberFeeds {
  const notifier = mutingNotifier(ports.notifier, ports.settings);
  const signedIn = async () => (await ports.keychain.getToken().catch(() => null)) !== null;
  const stream = {
    baseUrl: ports.http.baseUrl,
    keychain: ports.keychain,
    events,
    onSessionExpired,
  };
  const atLaunch: MemberFeed[] = [];

  const tickers = ports.liveTickers ? createTickerFeed(stream) : null;
  const botEvents = ports.liveBotEvents ? createBotEventFeed({ ...stream, notifier }) : null;
  if (botEvents) atLaunch.push(botEvents);

  let counts: MemberFeed | null = null;
  if (ports.onLiveCounts) {
    const tracker = createLiveCounts({
      fetch: () => fetchCounts(call),
      onChange: ports.onLiveCounts,
      signedIn,
    });
    events.subscribe((event, payload) => {
      if (event === 'bots:event') tracker.onEvent(payload as IpcEvents['bots:event']);
    });
    counts = tracker;
    atLaunch.push(tracker);
  }

  let subscription: MemberFeed | null = null;
  if (ports.subscriptionCheckMs) {
    subscription = createSubscriptionWatch({
      fetch: async () => {
        const answer = await forward(call, billingOps['billing:userData'], {});
        return answer.ok ? answer.value.subscription : null;
      },
      signedIn,
      settings: ports.settings,
      notifier,
      everyMs: ports.subscriptionCheckMs,
    });
    atLaunch.push(subscription);
  }

  return {
    feeds: [tickers, botEvents, counts, subscription].filter((feed) => feed !== null),
    startAtLaunch: () => atLaunch.forEach((feed) => feed.start()),
  };
}

/** Live and Pause bots, and live cycles; null when either list could not be read. */
async function fetchCounts(call: HandlerContext['call']): Promise<LiveCounts | null> {
  const [bots, cycles] = await Promise.all([
    forward(call, botsOps['bots:status'], {}),
    forward(call, cyclesOps['cycles:live'], {}),
  ]);
  return bots.ok && cycles.ok ? { bots: bots.value.length, cycles: cycles.value.length } : null;
}
