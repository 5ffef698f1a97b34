/**
 * Members' user-data subscriptions spread over a few multiplexed connections. The protocol
 * (Binance's spot WebSocket API or the USD-M listen-key streams) says how to subscribe and how
 * to tell whose an event is; the pool places subscriptions, routes events, and after a drop
 * tells every affected listener it is down and subscribes it again with backoff. A listener that
 * is down must not trust what it built from events: some may have been missed.
 */
import type { ConnectionBudget } from './connection-budget';
import { MuxSocket } from './mux-socket';

/** remoteId of the one subscription on a dedicated connection. */
export const OWN_CONNECTION = 'own';

export interface StreamProtocol<M> {
  /** The shared connections' url (multiplexed protocols). */
  url: string;
  /**
   * For protocols whose subscriptions cannot share a connection (the exchange names the stream
   * in the url): the url of a connection carrying only this member. Its events route to
   * OWN_CONNECTION and subscribe/unsubscribe are not called.
   */
  dedicatedUrl?(member: M): Promise<string>;
  /** Subscribes one member on the socket; resolves with the id its events will carry. */
  subscribe(socket: MuxSocket, member: M): Promise<string>;
  unsubscribe(socket: MuxSocket, remoteId: string): Promise<void>;
  /** The subscription an event belongs to, or null for anything else. */
  route(message: Record<string, unknown>): { remoteId: string; event: Record<string, unknown> } | null;
  /** Periodic upkeep of one subscription (listen-key keepalive). */
  keepAlive?(member: M): Promise<void>;
  /** An event that ends the subscription on the exchange's side (listenKeyExpired). */
  isEnd?(event: Record<string, unknown>): boolean;
}

export interface StreamListener {
  onEvent(event: Record<string, unknown>): void;
  onUp(): void;
  onDown(): void;
}

export interface PoolOptions {
  /** Subscriptions per connection. */
  perSocket?: number;
  /** Process-wide budget of new connections (Binance: 300 per 5 minutes per IP). */
  connections?: ConnectionBudget;
  keepAliveMs?: number;
  retryMinMs?: number;
  retryMaxMs?: number;
}

interface Slot {
  socket: Promise<MuxSocket> | null;
  /** Set for a dedicated connection. */
  url?: string;
  subs: Set<Sub<unknown>>;
  byRemote: Map<string, Sub<unknown>>;
}

interface Sub<M> {
  id: string;
  member: M;
  listener: StreamListener;
  slot: Slot | null;
  remoteId: string | null;
  retryMs: number;
  timer: NodeJS.Timeout | null;
  removed: boolean;
}

export interface PoolStats {
  subscriptions: number;
  up: number;
  sockets: number;
  subscribeFailures: number;
  drops: number;
}

export class UserStreamPool<M> {
  private readonly subs = new Map<string, Sub<M>>();
  private readonly slots: Slot[] = [];
  private readonly keepAliveTimer: NodeJS.Timeout | null;
  private readonly opts: Required<Omit<PoolOptions, 'connections'>> & Pick<PoolOptions, 'connections'>;
  private failures = 0;
  private drops = 0;

  constructor(
    private readonly protocol: StreamProtocol<M>,
    options: PoolOptions = {},
  ) {
    this.opts = { perSocket: 100, keepAliveMs: 30 * 60_000, retryMinMs: 1_000, retryMaxMs: 60_000, ...options };
    this.keepAliveTimer = protocol.keepAlive ? setInterval(() => void this.keepAll(), this.opts.keepAliveMs) : null;
    this.keepAliveTimer?.unref();
  }

  has(id: string): boolean {
    return this.subs.has(id);
  }

  /** Starts a subscription; the listener hears onUp once events flow. */
  add(id: string, member: M, listener: StreamListener): void {
    if (this.subs.has(id)) return;
    const sub: Sub<M> = {
      id,
      member,
      listener,
      slot: null,
      remoteId: null,
      retryMs: this.opts.retryMinMs,
      timer: null,
      removed: false,
    };
    this.subs.set(id, sub);
    void this.attach(sub);
  }

  remove(id: string): void {
    const sub = this.subs.get(id);
    if (!sub) return;
    this.subs.delete(id);
    sub.removed = true;
    if (sub.timer) clearTimeout(sub.timer);
    const { slot, remoteId } = sub;
    this.detach(sub);
    if (slot?.socket && remoteId && !slot.url)
      void slot.socket.then((s) => this.protocol.unsubscribe(s, remoteId)).catch(() => undefined);
  }

  stats(): PoolStats {
    let up = 0;
    for (const sub of this.subs.values()) if (sub.remoteId) up += 1;
    return { subscriptions: this.subs.size, up, sockets: this.slots.length, subscribeFailures: this.failures, drops: this.drops };
  }

  close(): void {
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    for (const sub of this.subs.values()) {
      sub.removed = true;
      if (sub.timer) clearTimeout(sub.timer);
    }
    this.subs.clear();
    for (const slot of this.slots.splice(0)) void slot.socket?.then((s) => s.close()).catch(() => undefined);
  }

  private slotWithRoom(dedicatedUrl?: string): Slot {
    if (dedicatedUrl) {
      const own: Slot = { socket: null, subs: new Set(), byRemote: new Map(), url: dedicatedUrl };
      this.slots.push(own);
      return own;
    }
    const slot = this.slots.find((s) => !s.url && s.subs.size < this.opts.perSocket);
    if (slot) return slot;
    const fresh: Slot = { socket: null, subs: new Set(), byRemote: new Map() };
    this.slots.push(fresh);
    return fresh;
  }

  private connect(slot: Slot): Promise<MuxSocket> {
    const budget = this.opts.connections;
    const handlers = {
      onEvent: (message: Record<string, unknown>) => this.onMessage(slot, message),
      onClose: () => this.onSlotClosed(slot),
    };
    slot.socket ??= (budget ? budget.take() : Promise.resolve()).then(() =>
      MuxSocket.open(slot.url ?? this.protocol.url, handlers),
    );
    slot.socket.catch(() => this.onSlotClosed(slot));
    return slot.socket;
  }

  private async attach(sub: Sub<M>): Promise<void> {
    let slot: Slot | null = null;
    try {
      const dedicated = this.protocol.dedicatedUrl ? await this.protocol.dedicatedUrl(sub.member) : undefined;
      if (sub.removed) return;
      slot = this.slotWithRoom(dedicated);
      sub.slot = slot;
      slot.subs.add(sub as Sub<unknown>);
      const socket = await this.connect(slot);
      const remoteId = dedicated ? OWN_CONNECTION : await this.protocol.subscribe(socket, sub.member);
      if (sub.removed || sub.slot !== slot) {
        if (dedicated) socket.close();
        else void this.protocol.unsubscribe(socket, remoteId).catch(() => undefined);
        return;
      }
      sub.remoteId = remoteId;
      slot.byRemote.set(remoteId, sub as Sub<unknown>);
      sub.retryMs = this.opts.retryMinMs;
      sub.listener.onUp();
    } catch {
      if (sub.removed || (slot && sub.slot !== slot)) return;
      this.failures += 1;
      this.retry(sub);
    }
  }

  private detach(sub: Sub<M>): void {
    if (sub.slot) {
      sub.slot.subs.delete(sub as Sub<unknown>);
      if (sub.remoteId) sub.slot.byRemote.delete(sub.remoteId);
      if (sub.slot.subs.size === 0) this.dropSlot(sub.slot);
    }
    sub.slot = null;
    sub.remoteId = null;
  }

  /** Down now, subscribed again after a growing, jittered pause (a drop hits everyone at once). */
  private retry(sub: Sub<M>): void {
    this.detach(sub);
    sub.listener.onDown();
    const wait = sub.retryMs * (0.5 + Math.random() / 2);
    sub.retryMs = Math.min(sub.retryMs * 2, this.opts.retryMaxMs);
    sub.timer = setTimeout(() => {
      sub.timer = null;
      if (!sub.removed) void this.attach(sub);
    }, wait);
    sub.timer.unref();
  }

  private onMessage(slot: Slot, message: Record<string, unknown>): void {
    const routed = this.protocol.route(message);
    if (!routed) return;
    const sub = slot.byRemote.get(routed.remoteId) as Sub<M> | undefined;
    if (!sub) return;
    if (this.protocol.isEnd?.(routed.event)) return this.retry(sub);
    sub.listener.onEvent(routed.event);
  }

  private onSlotClosed(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    this.drops += 1;
    for (const sub of [...slot.subs] as Sub<M>[]) {
      sub.slot = null;
      sub.remoteId = null;
      if (!sub.removed) this.retry(sub);
    }
  }

  private dropSlot(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void slot.socket?.then((s) => s.close()).catch(() => undefined);
  }

  private async keepAll(): Promise<void> {
    for (const sub of [...this.subs.values()]) {
      if (!sub.remoteId) continue;
      await this.protocol.keepAlive!(sub.member).catch(() => (sub.remoteId && !sub.removed ? this.retry(sub) : undefined));
    }
  }
}
