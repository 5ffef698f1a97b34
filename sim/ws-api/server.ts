/**
 * Binance's spot WebSocket API at /ws-api/v3 (wss://ws-api.binance.com:443/ws-api/v3 on the real
 * exchange), which replaced the spot listenKey: a connection subscribes accounts with
 * userDataStream.subscribe.signature, as many as it likes (one subscription per account), and
 * receives each account's spot user events as {subscriptionId, event}. USD-M futures events are
 * not delivered here; futures keeps its listenKey streams (ws.ts). The upgrade arrives through
 * StreamServer.attach, the one upgrade handler of the HTTP server.
 */
import { type WebSocket } from 'ws';
import { type Account } from '../accounts';
import { type SimulatorCore } from '../core';
import { listenUserEvents } from '../user-events';
import { type WeightLimits, type WeightMeter } from '../weights';
import { handleRequest } from './requests';
import { Session } from './session';
import { Subscriptions } from './subscriptions';

export const WS_API_PATH = '/ws-api/v3';

export interface WsApiDeps {
  core: SimulatorCore;
  /** The fault draws (failAfterAcceptRate), shared with REST. */
  random: () => number;
  meter: WeightMeter;
  limits: WeightLimits;
}

export class WsApiServer {
  private readonly sessions = new Set<Session>();
  private readonly subscriptions = new Subscriptions();
  private readonly unlisten: () => void;

  constructor(private readonly deps: WsApiDeps) {
    this.unlisten = listenUserEvents(deps.core, (account, market, build) => {
      if (market === 'spot') this.deliver(account, build);
    });
  }

  /** Serves an upgraded connection; `?returnRateLimits=false` drops rateLimits from its responses by default. */
  open(socket: WebSocket, ip: string, url: URL): void {
    const session = new Session(socket, ip, this.deps.core.now(), url.searchParams.get('returnRateLimits') !== 'false');
    this.sessions.add(session);
    const requestDeps = { ...this.deps, subscriptions: this.subscriptions };
    socket.on('message', (data) => {
      const text = String(data);
      const answer = () => {
        for (const frame of handleRequest(requestDeps, session, text)) session.send(frame);
      };
      // The latency fault delays handling, as REST's does; one delay for all keeps requests in order.
      const latencyMs = this.deps.core.faults.latencyMs;
      if (latencyMs > 0) setTimeout(answer, latencyMs);
      else answer();
    });
    socket.on('close', () => this.drop(session));
    socket.on('error', () => this.drop(session));
  }

  /** Closes every connection now (the dropStreams fault); clients are expected to reconnect and subscribe again. */
  dropAll(): void {
    for (const session of this.sessions) session.socket.terminate();
  }

  close(): void {
    this.unlisten();
    this.dropAll();
  }

  private drop(session: Session): void {
    if (!this.sessions.delete(session)) return;
    this.subscriptions.remove(session);
  }

  private deliver(account: Account, build: () => Record<string, unknown>): void {
    let event: string | null = null;
    for (const [session, subscriptionId] of this.subscriptions.of(account)) {
      event ??= JSON.stringify(build());
      session.send(`{"subscriptionId":${subscriptionId},"event":${event}}`);
    }
  }
}
