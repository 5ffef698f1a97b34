/**
 * The exchange as the rest of the server sees it (ARCHITECTURE section 6): the gateway, market
 * data, members' balances, the connection check, the user-data streams the engine listens on and,
 * in simulator mode, the way to open a simulator account. The request-weight governor, the member
 * caches and the stream pools that stand behind these stay inside server/exchange/
 * (ExchangeInternals in exchange-factory.ts, for the layer itself, its tests and the benches).
 */
import type { ExchangeGateway, MemberKey } from './core/gateway';
import type { MarketDataHub } from './market-data';
import type { BalanceFeeds } from './user-streams/balance-feeds';
import type { FuturesMember } from './user-streams/protocols';
import type { StreamListener } from './user-streams/stream-pool';

/** Where a listener hears one member's user-data events (adding twice replaces; remove ends it). */
export interface MemberStreams<M> {
  add(id: string, member: M, listener: StreamListener): void;
  remove(id: string): void;
}

/** The in-process simulator as the server uses it: its address, and accounts for the demo member. */
export interface EmbeddedSimulator {
  url: string;
  control: {
    createAccount(options: { balances?: Record<string, string>; ipRestrict?: boolean }): { apiKey: string; secretKey: string };
  };
}

export interface ExchangeServices {
  gateway: ExchangeGateway;
  marketData: MarketDataHub;
  /** Balances from the members' user-data streams, with REST as fallback. */
  balances: BalanceFeeds;
  /**
   * Whether the exchange accepts the member's key: a real authenticated call, cached per member.
   * Only a refusal means false; an exchange that cannot answer throws (temporary, not cached).
   */
  memberConnected(userId: string, key: MemberKey): Promise<boolean>;
  /** Forgets what the exchange layer holds for a member whose key changed or went. */
  forgetMember(userId: string): void;
  /** The members' spot user-data streams (the engine hears executions on them). */
  spotStreams: MemberStreams<MemberKey>;
  /** The members' USD-M user-data streams (the engine hears Future bots' positions on them). */
  futuresStreams: MemberStreams<FuturesMember>;
  /** The in-process simulator, when this process started one. */
  simulator: EmbeddedSimulator | null;
  close(): Promise<void>;
}
