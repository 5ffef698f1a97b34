/** startSimulator: the Binance-compatible simulator on HTTP + WebSocket, with its control twin. */
import { type AddressInfo } from 'node:net';
import { type SimulatorControl, createControl } from './control';
import { SimulatorCore } from './core';
import { ListenKeys } from './http/listen-keys';
import { createHttpServer } from './http/server';
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
}

export interface RunningSimulator {
  url: string;
  wsUrl: string;
  port: number;
  control: SimulatorControl;
  core: SimulatorCore;
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const seed = options.seed ?? 1;
  const core = new SimulatorCore({ seed, symbols: options.symbols ?? DEFAULT_SYMBOLS, feeRate: options.feeRate ?? '0.001',
    now: options.now ?? Date.now });
  const limits: WeightLimits = { ...DEFAULT_WEIGHT_LIMITS, ...options.weightLimits };
  const meter = new WeightMeter(limits, core.now);
  const listenKeys = new ListenKeys(core.now);
  const wsApi = new WsApiServer({ core, meter, limits });
  const streams = new StreamServer(core, listenKeys, wsApi, options.arrayFlushMs);
  const control = createControl(core, {
    dropStreams: () => {
      streams.dropAll();
      wsApi.dropAll();
    },
    resetWeights: () => meter.reset(),
  });
  const server = createHttpServer({ core, control, meter, limits, listenKeys, random: seededRandom(seed ^ 0x5eed) });
  server.keepAliveTimeout = 65_000;
  streams.attach(server);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8090, host, () => resolve());
  });
  const walker = options.randomWalk === false ? null : setInterval(() => core.walk(), options.walkIntervalMs ?? 1000);
  walker?.unref();
  // Listen keys expire on the core's clock; the sweep tells their streams (listenKeyExpired).
  const sweeper = setInterval(() => listenKeys.sweep(), options.listenKeySweepMs ?? 1000);
  sweeper.unref();
  const port = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}`, wsUrl: `ws://${shown}:${port}`, port, control, core,
    close: async () => {
      if (walker) clearInterval(walker);
      clearInterval(sweeper);
      streams.close();
      wsApi.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
