/**
 * WebSocket streams in Binance's formats on /ws, /ws/<stream|listenKey> and
 * /stream?streams=a/b (combined: {stream, data}); /stream/ws[/...] is served as /ws[/...]. SUBSCRIBE / UNSUBSCRIBE / LIST_SUBSCRIPTIONS
 * method messages; ping frames are answered by the ws library with pongs.
 */
import { type IncomingMessage, type Server } from 'node:http';
import { type Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { type Account } from './accounts';
import { type SimulatorCore } from './core';
import { type ListenKeys, type ListenKey } from './http/listen-keys';
import { INTERVALS } from './prices';
import { type Fill, type Order } from './types';
import { accountUpdate, orderTradeUpdate } from './wire/futures';
import { klineEvent, miniTickerEvent, tickerEvent } from './wire/market';
import { accountPosition, executionReport } from './wire/spot';

interface Conn {
  socket: WebSocket;
  combined: boolean;
  streams: Set<string>;
  users: ListenKey[];
}

export class StreamServer {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly conns = new Set<Conn>();
  private readonly byStream = new Map<string, Set<Conn>>();
  private readonly arrDirty = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly core: SimulatorCore, private readonly listenKeys: ListenKeys) {
    core.events.add({
      price: (symbol) => this.onPrice(symbol),
      trade: (symbol, fill) => this.onTrade(symbol, fill),
      order: (account, order, fill) => this.onOrder(account, order, fill),
      balances: (account, assets) => this.toUser(account, 'spot', () => accountPosition(account, assets, core.now())),
      balanceDelta: (account, asset, delta) => this.toUser(account, 'spot', () => ({ e: 'balanceUpdate', E: core.now(), a: asset,
        d: delta.toFixed(8), T: core.now() })),
      futuresAccount: (account, reason) => this.toUser(account, 'futures', () => accountUpdate(core.book, account, reason, core.now())),
    });
    // Binance pushes the all-market arrays once a second.
    this.timer = setInterval(() => this.flushArrays(), 1000);
    this.timer.unref();
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.startsWith('/stream/ws')) url.pathname = url.pathname.slice('/stream'.length);
      if (url.pathname !== '/ws' && !url.pathname.startsWith('/ws/') && url.pathname !== '/stream') return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, url));
    });
  }

  /** Closes every stream now (fault injection); clients are expected to reconnect. */
  dropAll(): void {
    for (const conn of this.conns) conn.socket.terminate();
  }

  close(): void {
    clearInterval(this.timer);
    this.dropAll();
    this.wss.close();
  }

  private open(socket: WebSocket, url: URL): void {
    const conn: Conn = { socket, combined: url.pathname === '/stream', streams: new Set(), users: [] };
    this.conns.add(conn);
    const initial = conn.combined ? (url.searchParams.get('streams') ?? '').split('/') : [url.pathname.slice('/ws/'.length)];
    this.subscribe(conn, initial.filter((s) => s !== ''));
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
    else if (msg.method === 'LIST_SUBSCRIPTIONS') return conn.socket.send(JSON.stringify({ result: [...conn.streams], id: msg.id ?? null }));
    else return conn.socket.send(JSON.stringify({ error: { code: 2, msg: `Invalid request: unknown method ${String(msg.method)}` }, id: msg.id ?? null }));
    conn.socket.send(JSON.stringify({ result: null, id: msg.id ?? null }));
  }

  private subscribe(conn: Conn, names: string[]): void {
    for (const name of names) {
      const user = this.listenKeys.get(name);
      if (user) {
        conn.users.push(user);
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
      conn.streams.delete(name);
      this.byStream.get(name)?.delete(conn);
    }
  }

  private drop(conn: Conn): void {
    this.unsubscribe(conn, [...conn.streams]);
    this.conns.delete(conn);
  }

  private emit(stream: string, build: () => unknown): void {
    const set = this.byStream.get(stream);
    if (!set || set.size === 0) return;
    const data = build();
    const raw = JSON.stringify(data);
    const wrapped = JSON.stringify({ stream, data });
    for (const conn of set) if (conn.socket.readyState === WebSocket.OPEN) conn.socket.send(conn.combined ? wrapped : raw);
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
    const event = (e: string) => () => ({ e, E: this.core.now(), s: symbol, t: fill.tradeId, a: fill.tradeId, p: fill.price, q: fill.qty,
      T: fill.time, m: fill.side === 'SELL', M: true, f: fill.tradeId, l: fill.tradeId });
    this.emit(`${lower}@trade`, event('trade'));
    this.emit(`${lower}@aggTrade`, event('aggTrade'));
  }

  private onOrder(account: Account, order: Order, fill: Fill | null): void {
    if (order.market === 'spot') this.toUser(account, 'spot', () => executionReport(order, fill, this.core.now()));
    else this.toUser(account, 'futures', () => orderTradeUpdate(order, fill, this.core.now()));
  }

  private toUser(account: Account, market: 'spot' | 'futures', build: () => unknown): void {
    let raw: string | null = null;
    for (const conn of this.conns) {
      const key = conn.users.find((u) => u.account === account && u.market === market);
      if (!key || conn.socket.readyState !== WebSocket.OPEN) continue;
      const data = build();
      raw ??= JSON.stringify(data);
      conn.socket.send(conn.combined ? JSON.stringify({ stream: key.key, data }) : raw);
    }
  }
}
