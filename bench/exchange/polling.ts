/**
 * REST weight per minute that 1,000 members with the Wallet and Dashboard screens open cause
 * (each polling every 10 s), simulated in virtual time against the real caches and balance
 * feeds. Two designs in one run: the user-data-stream design the server uses, and the REST
 * caches alone (what the server falls back to for a member whose stream is down), for the ratio.
 * Each member's bot also changes their spot balance once a minute, and one member in ten gets a
 * USD-M ACCOUNT_UPDATE every 5 minutes, so stream-driven refreshes are counted too.
 */
import { CACHE_BUDGETS } from '../../server/exchange/exchange-factory';
import type { Balances, MemberGateway, MemberKey } from '../../server/exchange/core/gateway';
import { MemberCache } from '../../server/exchange/core/member-cache';
import { BalanceFeeds } from '../../server/exchange/user-streams/balance-feeds';
import type { FuturesMember } from '../../server/exchange/user-streams/protocols';
import type { StreamListener, UserStreamPool } from '../../server/exchange/user-streams/stream-pool';

const MEMBERS = 1_000;
const POLL_MS = 10_000;
const MINUTES = 30;
/** Weights: spot account 20, USD-M account 5, apiRestrictions 1 (sapi), WS API subscribe 2, listen key 1. */
const W = { spotAccount: 20, futuresAccount: 5, connection: 1, spotSubscribe: 2, listenKey: 1, keepAlive: 1 };
/** The REST-only design's shared price polling: ticker/24hr (2 batches, weight 2) a second + ticker/price (4) every 2 s. */
const REST_PRICE_WEIGHT_PER_MIN = 60 * 4 + 30 * 4;

type Weight = { spot: number; futures: number; sapi: number };
const phase = (m: number) => Math.floor((m * POLL_MS) / MEMBERS);

function maxima(minutes: Weight[], label: string) {
  const max = (k: keyof Weight) => Math.max(...minutes.map((m) => m[k]));
  return {
    spot: max('spot'),
    futures: max('futures'),
    sapi: max('sapi'),
    allFamilies: Math.max(...minutes.map((m) => m.spot + m.futures + m.sapi)),
    measured: label,
  };
}

/** Minute 1 is demand (everyone opens their screens at once; the governor queues the excess), 2-30 what is sent. */
function summarise(perMinute: Weight[]) {
  const afterStart = maxima(perMinute.slice(1), `max over minutes 2-${MINUTES}`);
  const settled = maxima(perMinute.slice(20), `max over minutes 21-${MINUTES}`);
  return {
    weightPerMinute: afterStart,
    settled,
    firstMinuteDemand: perMinute[0],
    perMinuteAllFamilies: perMinute.map((m) => m.spot + m.futures + m.sapi),
    underLimit: afterStart.spot < 6000 && afterStart.futures < 2400 && afterStart.allFamilies < 6000,
  };
}

async function restCachesOnly() {
  let now = 0;
  const clock = () => now;
  const spot = new MemberCache<number>(CACHE_BUDGETS.spotBalances, clock);
  const futures = new MemberCache<number>(CACHE_BUDGETS.futuresBalances, clock);
  const connection = new MemberCache<number>(CACHE_BUDGETS.connection, clock);
  const weight: Weight = { spot: 0, futures: 0, sapi: 0 };
  const charge = (family: keyof Weight, w: number) => async () => {
    weight[family] += w;
    return 1;
  };
  const perMinute: Weight[] = [];
  for (let minute = 0; minute < MINUTES; minute++) {
    const before = { ...weight };
    for (let t = 0; t < 60_000; t += POLL_MS) {
      for (let m = 0; m < MEMBERS; m++) {
        now = minute * 60_000 + t + phase(m);
        const reads: Promise<number>[] = [];
        for (let i = 0; i < 4; i++) reads.push(spot.get(`m${m}`, 'k', charge('spot', W.spotAccount)));
        for (let i = 0; i < 4; i++) reads.push(futures.get(`m${m}`, 'k', charge('futures', W.futuresAccount)));
        reads.push(connection.get(`m${m}`, 'k', charge('sapi', W.connection)));
        await Promise.all(reads);
      }
    }
    perMinute.push({
      spot: weight.spot - before.spot + REST_PRICE_WEIGHT_PER_MIN,
      futures: weight.futures - before.futures,
      sapi: weight.sapi - before.sapi,
    });
  }
  return { ...summarise(perMinute), balanceStalenessSeconds: spot.ttlMs() / 1000 };
}

async function streamed() {
  let now = 0;
  const clock = () => now;
  const weight: Weight = { spot: 0, futures: 0, sapi: 0 };
  const spotListeners = new Map<string, StreamListener>();
  const futuresListeners = new Map<string, StreamListener>();
  // Pools that charge what subscribing costs on the exchange; a subscription is up by the
  // member's next poll (the first read always finds it still connecting).
  const connecting: StreamListener[] = [];
  const pool = (listeners: Map<string, StreamListener>, cost: () => void) => ({
    add: (id: string, _member: unknown, listener: StreamListener) => {
      cost();
      listeners.set(id, listener);
      connecting.push(listener);
    },
    remove: (id: string) => listeners.delete(id),
  });
  const spotPool = pool(spotListeners, () => (weight.spot += W.spotSubscribe)) as unknown as UserStreamPool<MemberKey>;
  const futuresPool = pool(futuresListeners, () => (weight.futures += W.listenKey)) as unknown as UserStreamPool<FuturesMember>;
  const caches = {
    spot: new MemberCache<Balances>(CACHE_BUDGETS.spotBalances, clock),
    futures: new MemberCache<Balances>(CACHE_BUDGETS.futuresBalances, clock),
  };
  const connection = new MemberCache<number>(CACHE_BUDGETS.connection, clock);
  const feeds = new BalanceFeeds(spotPool, futuresPool, caches, { now: clock, maxMembers: MEMBERS });
  const value: Balances = { USDT: { free: '1000', total: '1000' } };
  const gateway = {
    balances: async (market: 'spot' | 'futures') => {
      if (market === 'spot') weight.spot += W.spotAccount;
      else weight.futures += W.futuresAccount;
      return value;
    },
  } as unknown as MemberGateway;
  const perMinute: Weight[] = [];
  for (let minute = 0; minute < MINUTES; minute++) {
    const before = { ...weight };
    if (minute > 0 && minute % 30 === 0) weight.futures += W.keepAlive * futuresListeners.size;
    for (let t = 0; t < 60_000; t += POLL_MS) {
      for (const listener of connecting.splice(0)) listener.onUp();
      for (let m = 0; m < MEMBERS; m++) {
        now = minute * 60_000 + t + phase(m);
        const id = `m${m}`;
        const key = { apiKey: id, secretKey: 's' };
        if (t === 0)
          spotListeners.get(id)?.onEvent({ e: 'outboundAccountPosition', E: now, u: now, B: [{ a: 'BTC', f: '0.001', l: '0' }] });
        if (t === 0 && minute % 5 === 0 && m % 10 === 0) futuresListeners.get(id)?.onEvent({ e: 'ACCOUNT_UPDATE', E: now });
        const reads: Promise<unknown>[] = [];
        for (let i = 0; i < 4; i++) reads.push(feeds.read(id, key, gateway, 'spot'));
        for (let i = 0; i < 4; i++) reads.push(feeds.read(id, key, gateway, 'futures'));
        reads.push(connection.get(id, 'k', async () => (weight.sapi += W.connection)));
        await Promise.all(reads);
      }
    }
    perMinute.push({
      spot: weight.spot - before.spot + (minute === 0 ? 4 : 0),
      futures: weight.futures - before.futures,
      sapi: weight.sapi - before.sapi,
    });
  }
  const stats = feeds.stats();
  feeds.close();
  return {
    ...summarise(perMinute),
    streamedReadShare: Number((stats.streamedReads / (stats.streamedReads + stats.restReads)).toFixed(4)),
    balanceStalenessSeconds: 'event-driven: one stream event away',
  };
}

export async function benchPolling() {
  const streams = await streamed();
  const rest = await restCachesOnly();
  return {
    members: MEMBERS,
    pollEverySeconds: POLL_MS / 1000,
    screens: 'Wallet + Dashboard',
    minutesSimulated: MINUTES,
    streams,
    restCachesOnly: rest,
    ratioSettledWeight: Number((streams.settled.allFamilies / rest.settled.allFamilies).toFixed(4)),
    limits: { spot: 6000, futures: 2400 },
    cacheDesign: [
      'Prices: one all-market mini-ticker WebSocket (no weight) feeds the ticker, liveprice and asset values; REST only for a pair the stream has not mentioned and while it reconnects.',
      'Spot balances: each member is subscribed on a shared WebSocket API connection (2 weight once); one REST snapshot (20, spent from the spot cache budget of 2,400/min so mass log-ins convert gradually), then outboundAccountPosition events keep the book exact at no cost.',
      'USD-M balances: a listen key (1 weight, keepalive every 30 min) on its own private-route connection (new connections paced at 250 per 5 min); ACCOUNT_UPDATE marks the value stale and the next read refetches it (5).',
      'checkConnection: apiRestrictions (1 sapi weight) behind an adaptive per-member cache (600/min).',
      'A member whose stream is down falls back to the budgeted REST caches (restCachesOnly below): TTL max(5 s, members * weight * 60 s / budget).',
    ],
  };
}
