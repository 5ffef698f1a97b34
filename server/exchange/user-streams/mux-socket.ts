/**
 * One WebSocket carrying many members' user-data subscriptions, as Binance allows: requests
 * with an id get their reply by id, everything else is an event routed by the owner. Binance
 * caps new connections per IP (300 per 5 minutes), so a thousand members share a handful of
 * these instead of holding one each.
 */
import { WebSocket } from 'ws';

export interface MuxHandlers {
  /** A message that is not the reply to one of our requests. */
  onEvent(message: Record<string, unknown>): void;
  /** The connection ended (dropped, or closed by us); every subscription on it is gone. */
  onClose(): void;
}

interface Pending {
  resolve: (reply: Record<string, unknown>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class MuxSocketError extends Error {}

const REQUEST_TIMEOUT_MS = 10_000;
/**
 * A connection whose peer vanished without closing (NAT timeout, half-open TCP) would otherwise
 * look up forever while its events are lost: we ping every interval and end the connection when
 * nothing at all (pong, ping, message) came back since the previous ping.
 */
const HEARTBEAT_MS = 30_000;

export interface MuxSocketOptions {
  timeoutMs?: number;
  heartbeatMs?: number;
}

export class MuxSocket {
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;
  private closed = false;
  private heard = true;
  private readonly heartbeat: NodeJS.Timeout;

  private constructor(
    private readonly socket: WebSocket,
    private readonly handlers: MuxHandlers,
    heartbeatMs: number,
  ) {
    const alive = () => (this.heard = true);
    socket.on('message', (data) => {
      alive();
      this.onMessage(String(data));
    });
    socket.on('ping', alive);
    socket.on('pong', alive);
    socket.on('close', () => this.onClosed());
    socket.on('error', () => socket.terminate());
    this.heartbeat = setInterval(() => {
      if (!this.heard) return socket.terminate(); // 'close' follows: the pool resubscribes elsewhere
      this.heard = false;
      socket.ping();
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  static open(url: string, handlers: MuxHandlers, options: MuxSocketOptions = {}): Promise<MuxSocket> {
    const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { handshakeTimeout: timeoutMs });
      const fail = (error: Error) => reject(new MuxSocketError(`Cannot connect to ${new URL(url).host}: ${error.message}`));
      socket.once('error', fail);
      socket.once('open', () => {
        socket.off('error', fail);
        resolve(new MuxSocket(socket, handlers, options.heartbeatMs ?? HEARTBEAT_MS));
      });
    });
  }

  get open(): boolean {
    return !this.closed && this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends `{id, ...body}` and resolves with the reply carrying the same id. */
  request(body: Record<string, unknown>, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Record<string, unknown>> {
    if (!this.open) return Promise.reject(new MuxSocketError('The stream connection is closed.'));
    const id = String(this.nextId++);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new MuxSocketError(`No reply to ${String(body.method)} within ${timeoutMs} ms.`));
      }, timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      this.socket.send(JSON.stringify({ id, ...body }));
    });
  }

  close(): void {
    this.socket.terminate();
  }

  private onMessage(text: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return; // not ours to interpret; Binance only sends JSON
    }
    const id = message.id === undefined || message.id === null ? null : String(message.id);
    const waiting = id === null ? undefined : this.pending.get(id);
    if (waiting) {
      this.pending.delete(id!);
      clearTimeout(waiting.timer);
      waiting.resolve(message);
      return;
    }
    this.handlers.onEvent(message);
  }

  private onClosed(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new MuxSocketError('The stream connection closed.'));
    }
    this.pending.clear();
    this.handlers.onClose();
  }
}
