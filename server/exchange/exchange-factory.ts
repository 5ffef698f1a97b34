/**
 * Builds the exchange services from config: EXCHANGE=sim talks to SIM_URL, or starts the
 * simulator in-process on SIM_PORT (default 8090; a free port when 8090 is taken and SIM_PORT
 * was not set, so several embedded servers and test stacks never collide), keeping its accounts
 * in DATA_DIR/simulator-state.json across restarts; EXCHANGE=binance talks to the real Binance.
 */
import { join } from 'node:path';
import type { Config } from '../config/config';
import { ExchangeError } from './errors';
import type { Balances, ExchangeGateway, MemberKey } from './core/gateway';
import { MarketDataHub } from './market-data';
import { MemberCache } from './core/member-cache';
import { BalanceFeeds } from './user-streams/balance-feeds';
import { ConnectionBudget } from './user-streams/connection-budget';
import { futuresProtocol, spotProtocol, userStreamUrls, type FuturesMember } from './user-streams/protocols';
import { UserStreamPool } from './user-streams/stream-pool';
import type { RunningSimulator, SimulatorOptions } from '../../sim/index';
import type { ExchangeServices } from './services';
import { WeightGovernor } from './core/weight-governor';

/** The in-process simulator's state (accounts, balances, orders), in DATA_DIR. */
export const SIMULATOR_STATE_FILE = 'simulator-state.json';

/** The pinned ticker's 22 pairs. */
export const TICKER_SYMBOLS = 'BTC ETH BNB SOL XRP ADA DOGE TRX DOT LINK LTC AVAX POL ATOM UNI XLM ETC FIL NEAR APT ARB OP'
  .split(' ')
  .map((base) => `${base}USDT`);

/**
 * Shares of the per-IP budget the member caches may spend (the rest: bots, tickers, swaps).
 * Spot account = 20 weight, futures account = 5, apiRestrictions = 1 (sapi).
 */
export const CACHE_BUDGETS = {
  spotBalances: { weight: 20, budgetPerMinute: 2_400, minTtlMs: 5_000 },
  futuresBalances: { weight: 5, budgetPerMinute: 960, minTtlMs: 5_000 },
  connection: { weight: 1, budgetPerMinute: 600, minTtlMs: 10_000 },
} as const;

/**
 * What the exchange layer composes: the facade the rest of the server sees (services.ts) and the
 * parts behind it. Only server/exchange/, its tests, test helpers and the benches use the parts.
 */
export interface ExchangeInternals extends ExchangeServices {
  governor: WeightGovernor;
  spotStreams: UserStreamPool<MemberKey>;
  futuresStreams: UserStreamPool<FuturesMember>;
  spotBalances: MemberCache<Balances>;
  futuresBalances: MemberCache<Balances>;
  connection: MemberCache<boolean>;
  simulator: RunningSimulator | null;
}

export interface ExchangeOverrides {
  simulator?: SimulatorOptions;
  governor?: WeightGovernor;
  tickerPollMs?: number;
}

async function startInProcess(config: Config, options: SimulatorOptions): Promise<RunningSimulator> {
  const { startSimulator } = await import('../../sim/index');
  // The members' simulator keys must survive a restart, as they would on a real exchange.
  const base = {
    seed: config.simSeed,
    randomWalk: config.simRandomWalk,
    stateFile: join(config.dataDir, SIMULATOR_STATE_FILE),
    ...options,
  };
  if (config.simPort !== null || options.port !== undefined) return startSimulator({ port: config.simPort ?? 8090, ...base });
  try {
    return await startSimulator({ ...base, port: 8090 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return startSimulator({ ...base, port: 0 });
  }
}

/** A real authenticated call (apiRestrictions, 1 weight), cached per member; only a refusal is false. */
function connectionCheck(gateway: ExchangeGateway, connection: MemberCache<boolean>): ExchangeServices['memberConnected'] {
  return (userId, key) =>
    connection.get(userId, key.apiKey, async () => {
      try {
        await gateway.member(key).apiRestrictions();
        return true;
      } catch (error) {
        if (error instanceof ExchangeError && error.kind === 'temporary') throw error;
        return false; // refused or revoked
      }
    });
}

/** Services around an existing gateway (tests and the bench wrap their own). */
export function exchangeServices(
  gateway: ExchangeGateway,
  governor: WeightGovernor,
  extra: { simulator?: RunningSimulator | null; tickerPollMs?: number; simUrl?: string | null } = {},
): ExchangeInternals {
  const marketData = new MarketDataHub(gateway, { tickerSymbols: TICKER_SYMBOLS, pollMs: extra.tickerPollMs });
  const spotBalances = new MemberCache<Balances>(CACHE_BUDGETS.spotBalances);
  const futuresBalances = new MemberCache<Balances>(CACHE_BUDGETS.futuresBalances);
  const urls = userStreamUrls(extra.simUrl ?? extra.simulator?.url ?? null);
  // Binance: 300 new connections per 5 minutes per IP. Spot needs one per 100 members; USD-M one
  // per member with futures funds; the rest is headroom for the price feed and reconnects.
  const spotStreams = new UserStreamPool(spotProtocol(urls.spot, governor), { connections: new ConnectionBudget(50) });
  const futuresStreams = new UserStreamPool(futuresProtocol(urls.futures), { connections: new ConnectionBudget(200) });
  const balances = new BalanceFeeds(spotStreams, futuresStreams, { spot: spotBalances, futures: futuresBalances });
  const connection = new MemberCache<boolean>(CACHE_BUDGETS.connection);
  return {
    gateway,
    governor,
    marketData,
    simulator: extra.simulator ?? null,
    balances,
    spotStreams,
    futuresStreams,
    spotBalances,
    futuresBalances,
    connection,
    memberConnected: connectionCheck(gateway, connection),
    forgetMember: (userId) => {
      connection.invalidate(userId);
      balances.forget(userId); // also ends the member's user-data streams, which belong to the old key
    },
    close: async () => {
      balances.close();
      spotStreams.close();
      futuresStreams.close();
      marketData.close();
      await gateway.close();
      await extra.simulator?.close();
    },
  };
}

/** ccxt and the simulator load on demand: importing ccxt costs a few hundred ms of boot. */
export async function createExchange(config: Config, overrides: ExchangeOverrides = {}): Promise<ExchangeInternals> {
  const gatewayModule = import('./ccxt-gateway');
  gatewayModule.catch(() => undefined); // awaited below; this only keeps an early failure handled
  const governor = overrides.governor ?? new WeightGovernor({ limits: config.exchangeWeight });
  let simulator: RunningSimulator | null = null;
  let simUrl: string | null = null;
  if (config.exchange === 'sim') {
    simUrl = config.simUrl;
    if (!simUrl) {
      simulator = await startInProcess(config, overrides.simulator ?? {});
      simUrl = simulator.url;
    }
  }
  const { CcxtGateway } = await gatewayModule;
  const gateway = new CcxtGateway({ simUrl, governor });
  return exchangeServices(gateway, governor, { simulator, simUrl, tickerPollMs: overrides.tickerPollMs });
}
