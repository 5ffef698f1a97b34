/**
 * WebSocket streams in Binance's formats on /ws, /ws/<stream|listenKey> and
 * /stream?streams=a/b (combined: {stream, data}); /stream/ws[/...] is served as /ws[/...], and the
 * USD-M category prefixes /public, /market and /private are accepted and ignored (ccxt.pro opens
 * /private/ws?listenKey=<key> for futures user data). SUBSCRIBE / UNSUBSCRIBE / LIST_SUBSCRIPTIONS
 * method messages cover listen keys as well as market streams; ping frames are answered by the ws
 * library with pongs. /ws-api/v3 upgrades are handed to the WebSocket API (ws-api/).
 */
import { type IncomingMessage, type Server } from 'node:http';
import { type Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { sendCoalesced } from './coalesced-send';
import { type Account } from './accounts';
import { type SimulatorCore } from './core';
import { type ListenKeys, type ListenKey } from './http/listen-keys';
import { INTERVALS } from './prices';
import { type Fill, type Market } from './types';
import { listenUserEvents } from './user-events';
import { klineEvent, miniTickerEvent, tickerEvent } from './wire/market';
import { WS_API_PATH, type WsApiServer } from './ws-api/server';

interface Conn {
  socket: WebSocket;
  combined: boolean;
  streams: Set<string>;
  /** Listen keys subscribed on this connection, by key. */
  users: Map<string, ListenKey>;
}

/** The client address as the REST edge reports it (IPv4-mapped IPv6 shown as IPv4). */
function clientIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/** The stream path without the prefixes that select Binance hosts or categories, or null if not a stream path. */
function streamPath(pathname: string): string | null {
  let path = pathname.replace(/^\/(public|market|private)(?=\/)/, '');
  if (path.startsWith('/stream/ws')) path = path.slice('/stream'.length);
  return path === '/ws' || path.startsWith('/ws/') || path === '/stream' ? path : null;
}

export class StreamServer {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly conns = new Set<Conn>();
  private readonly byStream = new Map<string, Set<Conn>>();
  private readonly arrDirty = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  private readonly unlisten: Array<() => void>;

  constructor(
    private readonly core: SimulatorCore,
    private readonly listenKeys: ListenKeys,
    private readonly wsApi: WsApiServer,
    arrayFlushMs = 1000,
  ) {
    const stopMarket = core.events.add({
      price: (symbol) => this.onPrice(symbol),
      trade: (symbol, fill) => this.onTrade(symbol, fill),
    });
    const stopUser = listenUserEvents(core, (account, market, build) => this.toUser(account, market, build));
    const stopExpiry = listenKeys.onExpire((key) => this.onExpired(key));
    this.unlisten = [stopMarket, stopUser, stopExpiry];
    // Binance pushes the all-market arrays once a second (tests may ask for a shorter beat).
    this.timer = setInterval(() => this.flushArrays(), arrayFlushMs);
    this.timer.unref();
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === WS_API_PATH) {
        return this.wss.handleUpgrade(req, socket, head, (ws) => this.wsApi.open(ws, clientIp(req), url));
      }
      const path = streamPath(url.pathname);
      if (path === null) return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, path, url));
    });
  }

  /** Closes every stream now (fault injection); clients are expected to reconnect. */
  dropAll(): void {
    for (const conn of this.conns) conn.socket.terminate();
  }

  close(): void {
    clearInterval(this.timer);
    for (const stop of this.unlisten) stop();
    this.dropAll();
    this.wss.close();
  }

  private open(socket: WebSocket, path: string, url: URL): void {
    const conn: Conn = { socket, combined: path === '/stream', streams: new Set(), users: new Map() };
    this.conns.add(conn);
    const initial = conn.combined ? (url.searchParams.get('streams') ?? '').split('/') : [path.slice('/ws/'.length)];
    // Binance's newer futures urls name the key in the query: /private/ws?listenKey=<key>.
    this.subscribe(
      conn,
      [...initial, ...url.searchParams.getAll('listenKey')].filter((s) => s !== ''),
    );
    socket.on('message', (data) => this.onMessage(conn, String(data)));
    socket.on('close', () => this.drop(conn));
    socket.on('error', () => this.drop(conn));
  }

  private onMessage(conn: Conn, text: string): void {
    let msg: { method?: string; params?: unknown; id?: unknown };
    try {
      msg = JSON.parse(text) as typeof msg;
    } catch {
      return conn.socket.send(JSON.stringify({ code: 3, msg: 'Invalid JSON' }));
    }
    const params = Array.isArray(msg.params) ? msg.params.filter((p): p is string => typeof p === 'string') : [];
    if (msg.method === 'SUBSCRIBE') this.subscribe(conn, params);
    else if (msg.method === 'UNSUBSCRIBE') this.unsubscribe(conn, params);
    else if (msg.method === 'LIST_SUBSCRIPTIONS') {
      return conn.socket.send(JSON.stringify({ result: [...conn.streams, ...conn.users.keys()], id: msg.id ?? null }));
    } else
      return conn.socket.send(
        JSON.stringify({ error: { code: 2, msg: `Invalid request: unknown method ${String(msg.method)}` }, id: msg.id ?? null }),
      );
    conn.socket.send(JSON.stringify({ result: null, id: msg.id ?? null }));
  }

  private subscribe(conn: Conn, names: string[]): void {
    for (const name of names) {
      const user = this.listenKeys.get(name);
      if (user) {
        conn.users.set(name, user);
        continue;
      }
      if (!name.includes('@')) continue; // e.g. ccxt's /ws/0 connection index
      conn.streams.add(name);
      let set = this.byStream.get(name);
      if (!set) this.byStream.set(name, (set = new Set()));
      set.add(conn);
    }
  }

  private unsubscribe(conn: Conn, names: string[]): void {
    for (const name of names) {
      conn.users.delete(name);
      conn.streams.delete(name);
      this.byStream.get(name)?.delete(conn);
    }
  }

  private drop(conn: Conn): void {
    this.unsubscribe(conn, [...conn.streams]);
    conn.users.clear();
    this.conns.delete(conn);
  }

  private send(conn: Conn, stream: string, data: unknown, raw: string): void {
    sendCoalesced(conn.socket, conn.combined ? JSON.stringify({ stream, data }) : raw);
  }

  private emit(stream: string, build: () => unknown): void {
    const set = this.byStream.get(stream);
    if (!set || set.size === 0) return;
    const data = build();
    const raw = JSON.stringify(data);
    for (const conn of set) this.send(conn, stream, data, raw);
  }

  private onPrice(symbol: string): void {
    const lower = symbol.toLowerCase();
    const now = this.core.now();
    const stats = () => this.core.book.stats24h(symbol, now);
    this.emit(`${lower}@miniTicker`, () => miniTickerEvent(symbol, stats(), now));
    this.emit(`${lower}@ticker`, () => tickerEvent(this.core.book.spec(symbol), stats(), now));
    for (const interval of Object.keys(INTERVALS)) {
      this.emit(`${lower}@kline_${interval}`, () => {
        const [candle] = this.core.book.klines(symbol, interval, { limit: 1 }, now);
        return klineEvent(symbol, interval, candle!, now);
      });
    }
    this.arrDirty.add(symbol);
  }

  private flushArrays(): void {
    if (this.arrDirty.size === 0) return;
    const now = this.core.now();
    const symbols = [...this.arrDirty];
    this.arrDirty.clear();
    this.emit('!miniTicker@arr', () => symbols.map((s) => miniTickerEvent(s, this.core.book.stats24h(s, now), now)));
    this.emit('!ticker@arr', () => symbols.map((s) => tickerEvent(this.core.book.spec(s), this.core.book.stats24h(s, now), now)));
  }

  private onTrade(symbol: string, fill: Fill): void {
    const lower = symbol.toLowerCase();
    const event = (e: string) => () => ({
      e,
      E: this.core.now(),
      s: symbol,
      t: fill.tradeId,
      a: fill.tradeId,
      p: fill.price,
      q: fill.qty,
      T: fill.time,
      m: fill.side === 'SELL',
      M: true,
      f: fill.tradeId,
      l: fill.tradeId,
    });
    this.emit(`${lower}@trade`, event('trade'));
    this.emit(`${lower}@aggTrade`, event('aggTrade'));
  }

  /** To every connection holding a live key of this account and market (a closed or expired key gets nothing). */
  private toUser(account: Account, market: Market, build: () => unknown): void {
    let raw: string | null = null;
    for (const conn of this.conns) {
      for (const [name, key] of conn.users) {
        if (key.account !== account || key.market !== market || this.listenKeys.get(name) !== key) continue;
        const data = build();
        raw ??= JSON.stringify(data);
        this.send(conn, name, data, raw);
      }
    }
  }

  /** Binance tells a stream its key expired, then sends nothing more for it. */
  private onExpired(key: ListenKey): void {
    const data = { e: 'listenKeyExpired', E: this.core.now(), listenKey: key.key };
    const raw = JSON.stringify(data);
    for (const conn of this.conns) {
      if (!conn.users.delete(key.key)) continue;
      this.send(conn, key.key, data, raw);
    }
  }
}
