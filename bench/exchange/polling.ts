/**
 * REST weight per minute that 1,000 members with the Wallet and Dashboard screens open cause
 * (each polling every 10 s), simulated in virtual time against the real caches.
 */
import { CACHE_BUDGETS } from '../../server/exchange/exchange-factory';
import { MemberCache } from '../../server/exchange/member-cache';

const MEMBERS = 1_000;
const POLL_MS = 10_000;
const MINUTES = 30;
const TICKER_POLL_WEIGHT_PER_MIN = 60 * 4; // 2 batches of ticker/24hr (<= 20 symbols, weight 2) a second
const SPOT_PRICES_WEIGHT_PER_MIN = 30 * 4; // ticker/price, all symbols (weight 4), 2 s TTL

export async function benchPolling() {
  let now = 0;
  const clock = () => now;
  const spot = new MemberCache<number>(CACHE_BUDGETS.spotBalances, clock);
  const futures = new MemberCache<number>(CACHE_BUDGETS.futuresBalances, clock);
  const connection = new MemberCache<number>(CACHE_BUDGETS.connection, clock);
  const weight = { spot: 0, futures: 0, sapi: 0 };
  const charge = (family: keyof typeof weight, w: number) => async () => {
    weight[family] += w;
    return 1;
  };
  const perMinute: { spot: number; futures: number; sapi: number }[] = [];
  // Each member's screens poll at its own phase; every poll hits these endpoints:
  // Wallet: spotBalance, futuresBalance, spotAssets, futuresAssets; Dashboard: checkConnection, spotBalance, futuresBalance, tickers.
  const phase = (m: number) => Math.floor((m * POLL_MS) / MEMBERS);
  for (let minute = 0; minute < MINUTES; minute++) {
    const before = { ...weight };
    for (let t = 0; t < 60_000; t += POLL_MS) {
      for (let m = 0; m < MEMBERS; m++) {
        now = minute * 60_000 + t + phase(m);
        const id = `m${m}`;
        const reads: Promise<number>[] = [];
        for (let i = 0; i < 4; i++) reads.push(spot.get(id, 'k', charge('spot', CACHE_BUDGETS.spotBalances.weight)));
        for (let i = 0; i < 4; i++) reads.push(futures.get(id, 'k', charge('futures', CACHE_BUDGETS.futuresBalances.weight)));
        reads.push(connection.get(id, 'k', charge('sapi', CACHE_BUDGETS.connection.weight)));
        await Promise.all(reads);
      }
    }
    perMinute.push({ spot: weight.spot - before.spot + TICKER_POLL_WEIGHT_PER_MIN + SPOT_PRICES_WEIGHT_PER_MIN,
      futures: weight.futures - before.futures, sapi: weight.sapi - before.sapi });
  }
  const steady = perMinute.slice(1);
  const max = (k: 'spot' | 'futures' | 'sapi') => Math.max(...steady.map((m) => m[k]));
  const total = Math.max(...steady.map((m) => m.spot + m.futures + m.sapi));
  const first = perMinute[0]!;
  return {
    members: MEMBERS, pollEverySeconds: POLL_MS / 1000, screens: 'Wallet + Dashboard',
    endpointCallsPerMinute: MEMBERS * 6 * 8,
    minutesSimulated: MINUTES,
    weightPerMinute: { spot: max('spot'), futures: max('futures'), sapi: max('sapi'), allFamilies: total, measured: 'max over minutes 2-30' },
    firstMinuteColdStart: { ...first, note: 'all 1,000 members open their screens in the same 10 s: first loads always run, the governor queues any excess' },
    limits: { spot: 6000, futures: 2400, underLimit: max('spot') < 6000 && max('futures') < 2400 && total < 6000 },
    effectiveTtlSeconds: { spotBalances: spot.ttlMs() / 1000, futuresBalances: futures.ttlMs() / 1000, connection: connection.ttlMs() / 1000 },
    cacheDesign: [
      'Per-member balance caches (spot account = 20 weight, USD-M account = 5) and a connection cache (apiRestrictions = 1 sapi), concurrent reads share one request.',
      'A token bucket per cache (10 s of its budget) caps bursts: a stale entry refreshes only while the bucket holds its weight, else it is served stale a little longer.',
      'TTL adapts to load: max(minTtl, activeMembers * weight * 60 s / budget), budgets spot 2400/min, USD-M 960/min, sapi 600/min, so the total stays fixed however many members poll; with few members the TTL is the 5-10 s minimum.',
      "A member's own transfer or swap invalidates their balances at once, so their own actions show immediately.",
      'Prices are shared: one ticker/24hr poll a second (2 batches of <= 20 symbols, 240/min) and ticker/price for asset values (2 s TTL, 120/min), independent of the member count.',
    ],
  };
}
