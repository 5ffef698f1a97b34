/** startSimulator: the Binance-compatible simulator on HTTP + WebSocket, with its control twin. */
import { mkdir } from 'node:fs/promises';
import { type AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { type SimulatorControl, createControl } from './control';
import { SimulatorCore } from './core';
import { ListenKeys } from './http/listen-keys';
import { createHttpServer } from './http/server';
import { restoreState, seedsAtSavedPrices, type SimulatorState, toState } from './persistence';
import { readStateFile, stateFileError, StateWriter, type StateWriterOptions } from './state-file';
import { seededRandom } from './rng';
import { DEFAULT_SYMBOLS } from './symbols';
import { type SymbolSeed } from './types';
import { DEFAULT_WEIGHT_LIMITS, type WeightLimits, WeightMeter } from './weights';
import { StreamServer } from './ws';
import { WsApiServer } from './ws-api/server';

export type { SimulatorControl, AccountSnapshot, FaultSettings } from './control';
export type { SymbolSeed, Faults } from './types';
export type { WeightLimits } from './weights';
export { DEFAULT_SYMBOLS } from './symbols';
export { isolatedLongLiquidationPrice, bracketFor } from './liquidation';

export interface SimulatorOptions {
  /** 0 = a free port. Default 8090. */
  port?: number;
  host?: string;
  seed?: number;
  /** false freezes prices between control-API changes. Default true. */
  randomWalk?: boolean;
  /** Milliseconds between random-walk steps. Default 1000. */
  walkIntervalMs?: number;
  symbols?: SymbolSeed[];
  /** Fee as a fraction of the notional, in the quote asset. Default "0.001" (0.1 %). */
  feeRate?: string;
  now?: () => number;
  /** Request-weight limits per minute and the first ban length (tests use small ones). */
  weightLimits?: Partial<WeightLimits>;
  /** Milliseconds between the all-market array pushes (!miniTicker@arr). Default 1000, as Binance. */
  arrayFlushMs?: number;
  /** Milliseconds between listen-key expiry sweeps (expiry itself follows `now`). Default 1000. */
  listenKeySweepMs?: number;
  /**
   * Keeps the exchange state (accounts, balances, orders, trades, positions, transfers, ids, last
   * prices) in this JSON file: restored on start, saved after every change (price-only moves at
   * most once a second), flushed by close(). Unset: memory only.
   */
  stateFile?: string;
  /** How the state file is written (tests count or hold writes). */
  stateWriter?: StateWriterOptions;
}

export interface RunningSimulator {
  url: string;
  wsUrl: string;
  port: number;
  control: SimulatorControl;
  core: SimulatorCore;
  close(): Promise<void>;
}

/** Restores the core from the state file (when there is one) and saves every change to it from now on. */
async function persist(
  core: SimulatorCore,
  file: string,
  options: StateWriterOptions | undefined,
  saved: SimulatorState | null,
): Promise<StateWriter> {
  if (saved) {
    try {
      restoreState(core, saved);
    } catch (error) {
      throw stateFileError(file, (error as Error).message);
    }
  }
  const writer = new StateWriter(file, () => JSON.stringify(toState(core)), options);
  const changed = () => writer.changed();
  core.events.add({
    order: changed,
    balances: changed,
    balanceDelta: changed,
    futuresAccount: changed,
    trade: changed,
    accountCreated: changed,
    futuresConfig: changed,
    price: () => writer.pricesChanged(),
  });
  // Written once now: an unwritable place fails the start instead of losing the first orders.
  await mkdir(dirname(file), { recursive: true });
  writer.changed();
  await writer.flush();
  return writer;
}

/** The core at the seed, its pairs at the prices a saved state left them at (a bad state file is named). */
async function restoredCore(options: SimulatorOptions) {
  const seed = options.seed ?? 1;
  const saved = options.stateFile ? await readStateFile(options.stateFile) : null;
  let symbols = options.symbols ?? DEFAULT_SYMBOLS;
  try {
    symbols = seedsAtSavedPrices(symbols, saved);
  } catch (error) {
    throw stateFileError(options.stateFile!, (error as Error).message);
  }
  const core = new SimulatorCore({ seed, symbols, feeRate: options.feeRate ?? '0.001', now: options.now ?? Date.now });
  const writer = options.stateFile ? await persist(core, options.stateFile, options.stateWriter, saved) : null;
  return { seed, core, writer };
}

async function listen(server: ReturnType<typeof createHttpServer>, port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const { seed, core, writer } = await restoredCore(options);
  const limits: WeightLimits = { ...DEFAULT_WEIGHT_LIMITS, ...options.weightLimits };
  const meter = new WeightMeter(limits, core.now);
  const listenKeys = new ListenKeys(core.now);
  // One seeded stream of fault draws for REST and the WebSocket API alike.
  const random = seededRandom(seed ^ 0x5eed);
  const wsApi = new WsApiServer({ core, meter, limits, random });
  const streams = new StreamServer(core, listenKeys, wsApi, options.arrayFlushMs);
  const control = createControl(core, {
    dropStreams: () => {
      streams.dropAll();
      wsApi.dropAll();
    },
    resetWeights: () => meter.reset(),
  });
  const server = createHttpServer({ core, control, meter, limits, listenKeys, random });
  server.keepAliveTimeout = 65_000;
  streams.attach(server);
  const host = options.host ?? '127.0.0.1';
  await listen(server, options.port ?? 8090, host).catch(async (error: unknown) => {
    await writer?.close();
    throw error;
  });
  const walker = options.randomWalk === false ? null : setInterval(() => core.walk(), options.walkIntervalMs ?? 1000);
  walker?.unref();
  // Listen keys expire on the core's clock; the sweep tells their streams (listenKeyExpired).
  const sweeper = setInterval(() => listenKeys.sweep(), options.listenKeySweepMs ?? 1000);
  sweeper.unref();
  const port = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}`,
    wsUrl: `ws://${shown}:${port}`,
    port,
    control,
    core,
    close: async () => {
      if (walker) clearInterval(walker);
      clearInterval(sweeper);
      streams.close();
      wsApi.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await writer?.close();
    },
  };
}
